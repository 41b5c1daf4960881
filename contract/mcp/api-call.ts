// How the MCP tools reach the crawl API: one HTTP-shaped call, made over the network by `crawl mcp`
// and in process (fastify inject, with the caller's key) by the coordinator's /mcp endpoint.

export interface ApiAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

export type ApiCall = (method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown) => Promise<ApiAnswer>;

/** The answer as JSON; a non-2xx becomes an ApiCallError carrying the contract's message. */
export async function callJson<T>(
  call: ApiCall,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  json?: unknown,
): Promise<T> {
  const res = await call(method, path, json);
  const text = res.body.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A non-JSON answer is reported as its text.
  }
  if (res.status < 200 || res.status >= 300) throw new ApiCallError(res.status, messageOf(parsed));
  return parsed as T;
}

export class ApiCallError extends Error {
  readonly code = 'API_CALL_FAILED';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

function messageOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && 'error' in body) {
    const e = (body as { error: unknown }).error;
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  }
  return JSON.stringify(body).slice(0, 500);
}
