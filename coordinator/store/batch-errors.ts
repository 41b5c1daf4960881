// Errors of a store that commits writes in batches (group commit): the same for both stores, so a
// caller tells "the batch was not committed" from "this write was refused" the same way on each.

/** The batch a write belonged to was not committed (or its outcome is unknown): retry or give up. */
export class StoreBatchError extends Error {
  readonly code = 'STORE_BATCH_FAILED';

  constructor(cause: unknown) {
    super(
      `the store could not commit a batch of writes: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'StoreBatchError';
  }
}

/** The store was closed before the write could run. */
export class StoreClosedError extends Error {
  readonly code = 'STORE_CLOSED';

  constructor() {
    super('the store is closed');
    this.name = 'StoreClosedError';
  }
}
