// What a side's task module gives an offload pool (offload-pool.ts): a table of named tasks, each a
// synchronous function from a structured-cloneable input to a structured-cloneable output (strings,
// plain objects, Uint8Arrays; a Buffer arrives as a Uint8Array). The module is loaded by the worker
// only, so what it imports never loads on the main thread for the pool's sake.

/** One task's input and output types. */
export interface OffloadTask<I = unknown, O = unknown> {
  input: I;
  output: O;
}

/** A side's tasks by name (an interface whose every member is an OffloadTask). */
export type OffloadTaskMap<T> = { [K in keyof T]: OffloadTask };

/** The functions a task module exports as `OFFLOAD_TASKS`, typed by its task map. */
export type OffloadTaskTable<T extends OffloadTaskMap<T>> = {
  [K in keyof T]: (input: T[K]['input']) => T[K]['output'];
};

/** The export every task module has: offload-worker.ts runs `OFFLOAD_TASKS[name](input)`. */
export const TASKS_EXPORT = 'OFFLOAD_TASKS';

/**
 * The module `name` beside the module at `base` (pass `import.meta.url`): `name.ts` when the caller
 * runs from source under tsx, `name.js` if ever compiled.
 */
export function siblingModule(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}
