// What tests read JSON answers as: deep reads without casts at every step; the asserts check the shapes.
// biome-ignore lint/suspicious/noExplicitAny: tests read deep into JSON answers; asserts check the shapes
export type Obj = Record<string, any>;
