// Attribute values both processes derive the same way, none of which can carry a secret.

/** The target's host only: a URL's path and query may carry a client's secrets. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** A typed error's code, else its class name: stable, and free of whatever the message quotes. */
export function errorTypeOf(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' && code ? code : err.name;
  }
  return 'unknown';
}
