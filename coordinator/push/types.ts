// What the routes use of the push features (kept apart from push-service.ts, which needs Services).

export interface PushHandle {
  /** Why a URL may not be a webhook target, or null (resolves the name). */
  webhookRefusal(url: string): Promise<string | null>;
  /** Wakes `fn` when an event may have been written here or on another coordinator. */
  onWake(fn: () => void): () => void;
  /** Aborted when the coordinator closes: open streams end. */
  readonly closing: AbortSignal;
}
