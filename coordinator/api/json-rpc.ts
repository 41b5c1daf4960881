// Validation of a SOLANA_JSON_RPC job's body before it is queued: a bad body is the client's
// mistake (400), not something a device should discover minutes later.

/** Largest batch a job may carry: bounds the work one job can ask of a device and an RPC node. */
export const MAX_JSON_RPC_BATCH = 100;

const PREFIX = 'body must be base64 of a JSON-RPC 2.0 request or batch';

// Standard or URL-safe alphabet, padding optional: clients differ, Buffer decodes both.
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Returns null when `bodyBase64` is base64 of one JSON-RPC 2.0 request or a non-empty batch of at
 * most MAX_JSON_RPC_BATCH; otherwise a reason that names `body`, for `invalid request: <reason>`.
 *
 * `id` is required: a notification (no id) gets no response, so the job would have nothing to
 * record. Extra members are tolerated, as JSON-RPC servers ignore them.
 */
export function validateJsonRpcBody(bodyBase64: string | undefined): string | null {
  if (bodyBase64 === undefined || bodyBase64 === '') return `${PREFIX} (it is missing)`;
  if (!BASE64.test(bodyBase64) || bodyBase64.length % 4 === 1) return `${PREFIX} (it is not base64)`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(Buffer.from(bodyBase64, 'base64')));
  } catch {
    return `${PREFIX} (it is not UTF-8 JSON)`;
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return `${PREFIX} (the batch is empty)`;
    if (parsed.length > MAX_JSON_RPC_BATCH) {
      return `${PREFIX} (a batch holds at most ${MAX_JSON_RPC_BATCH} requests)`;
    }
    for (const [i, item] of parsed.entries()) {
      const problem = requestProblem(item);
      if (problem) return `${PREFIX} (batch item ${i}: ${problem})`;
    }
    return null;
  }
  const problem = requestProblem(parsed);
  return problem ? `${PREFIX} (${problem})` : null;
}

function requestProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  const req = value as Record<string, unknown>;
  if (req['jsonrpc'] !== '2.0') return 'jsonrpc must be "2.0"';
  if (typeof req['method'] !== 'string' || req['method'] === '') return 'method must be a non-empty string';
  const params = req['params'];
  if (params !== undefined && (params === null || typeof params !== 'object')) {
    return 'params must be an array or an object';
  }
  if (!('id' in req)) return 'id is required';
  const id = req['id'];
  const idOk = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (!idOk) return 'id must be a string, a number or null';
  return null;
}
