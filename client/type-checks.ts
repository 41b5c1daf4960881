// Compile-time checks that tie the client's types to the contract's: a narrower client type must
// stay assignable to the contract's static type, so the two cannot drift apart unnoticed. Types only.

/** `true` when `A` and `B` are the same type (not merely mutually assignable through `any`). */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `true` when every `A` is a `B`. */
export type Extends<A, B> = [A] extends [B] ? true : false;

/**
 * `true` when no field of `T` has the type `never` (what a schema the type system cannot read,
 * such as a union built from an array instead of a tuple, turns into).
 */
export type NoNeverFields<T> = {
  [K in keyof T]-?: [Exclude<T[K], undefined>] extends [never] ? K : never;
}[keyof T] extends never
  ? true
  : false;

/** Fails to compile unless `T` is `true`. */
export type Assert<T extends true> = T;

/** Flattens an intersection into one object type, for readable hovers and errors. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `Base` with the fields of `Over` replaced (or added) by `Over`'s. */
export type Refine<Base, Over> = Simplify<Omit<Base, keyof Over> & Over>;
