// A local Solana JSON-RPC node for tests: HTTP and HTTPS on 127.0.0.1, answers shaped like Agave's.
// POST / (any path not below):
//   getSlot                          -> a slot number
//   getBalance [pubkey, config?]     -> { context, value: lamports }; -32602 on missing/bad pubkey
//   getLatestBlockhash [config?]     -> { context, value: { blockhash, lastValidBlockHeight } }
//   anything else                    -> -32601 Method not found
//   batches (arrays)                 -> an array of answers; [] -> -32600; bad JSON -> -32700
// Failure routes: /hang (never answers), /html-502 (a proxy's HTML error page), /big (a response of
// ?bytes=N), /text (200 with a non-JSON body), /not-rpc (JSON that is not a JSON-RPC response).
import type http from 'node:http';
import { serveHttpAndHttps } from './dual-server.js';

export const SLOT = 312_345_678;
export const BALANCE_LAMPORTS = 1_500_000_000;
export const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
export const LAST_VALID_BLOCK_HEIGHT = 290_000_150;
const API_VERSION = '2.0.15';
const BASE58_PUBKEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

type Id = string | number | null;
type RpcAnswer =
  | { jsonrpc: '2.0'; id: Id; result: unknown }
  | { jsonrpc: '2.0'; id: Id; error: { code: number; message: string } };

export interface SolanaRpcServer {
  httpUrl: string;
  httpsUrl: string;
  /** Requests seen, newest last. */
  seen: Array<{ path: string; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

const error = (id: Id, code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
const context = () => ({ apiVersion: API_VERSION, slot: SLOT });

function answer(request: unknown): RpcAnswer {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return error(null, -32600, 'Invalid request');
  }
  const req = request as Record<string, unknown>;
  const id = (['string', 'number'].includes(typeof req['id']) ? req['id'] : null) as Id;
  if (req['jsonrpc'] !== '2.0' || typeof req['method'] !== 'string')
    return error(id, -32600, 'Invalid request');
  const params = Array.isArray(req['params']) ? (req['params'] as unknown[]) : [];
  switch (req['method']) {
    case 'getSlot':
      return { jsonrpc: '2.0', id, result: SLOT };
    case 'getBalance': {
      if (params.length < 1) return error(id, -32602, '`params` should have at least 1 argument(s)');
      if (typeof params[0] !== 'string' || !BASE58_PUBKEY.test(params[0])) {
        return error(id, -32602, 'Invalid param: Invalid');
      }
      return { jsonrpc: '2.0', id, result: { context: context(), value: BALANCE_LAMPORTS } };
    }
    case 'getLatestBlockhash':
      return {
        jsonrpc: '2.0',
        id,
        result: {
          context: context(),
          value: { blockhash: BLOCKHASH, lastValidBlockHeight: LAST_VALID_BLOCK_HEIGHT },
        },
      };
    default:
      return error(id, -32601, 'Method not found');
  }
}

function handler(seen: SolanaRpcServer['seen']): http.RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://rpc');
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ path: url.pathname, headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(value));
      };
      switch (url.pathname) {
        case '/hang':
          return; // never answers: the job's deadline must end it
        case '/html-502':
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        case '/text':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('ok');
          return;
        case '/not-rpc':
          return json(200, { slot: SLOT });
        case '/big': {
          const bytes = Number(url.searchParams.get('bytes') ?? '1024');
          return json(200, { jsonrpc: '2.0', id: 1, result: 'a'.repeat(bytes) });
        }
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' });
        res.end();
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return json(200, error(null, -32700, 'Parse error'));
      }
      if (Array.isArray(parsed)) {
        return parsed.length === 0
          ? json(200, error(null, -32600, 'Invalid request'))
          : json(200, parsed.map(answer));
      }
      return json(200, answer(parsed));
    });
  };
}

/** Starts the node on 127.0.0.1, HTTP and HTTPS (certificate: test/fixtures/tls), ports chosen by the OS. */
export async function startSolanaRpcServer(): Promise<SolanaRpcServer> {
  const seen: SolanaRpcServer['seen'] = [];
  return { ...(await serveHttpAndHttps(handler(seen))), seen };
}
