// /mcp: the crawl tools over MCP's streamable HTTP transport, stateless (each POST is complete in
// itself). The caller's Bearer key is checked first (the contract's 401) and every tool call runs
// through this coordinator's own API in process with that key, so owners stay apart exactly as on
// the HTTP API.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiCall } from '../../contract/mcp/api-call.js';
import { registerCrawlTools } from '../../contract/mcp/tools.js';

export const MCP_SERVER_NAME = 'crawl-network';
export const MCP_SERVER_VERSION = '1.0.0';

/** The API in process (fastify inject), as the caller. */
function injectCall(app: FastifyInstance, authorization: string): ApiCall {
  return async (method, path, json) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { authorization, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: json === undefined ? undefined : JSON.stringify(json),
    });
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      body: res.rawPayload,
    };
  };
}

/** Routes on `scope`; tool calls go through `root` (the whole API). */
export function registerMcpRoutes(scope: FastifyInstance, root: FastifyInstance): void {
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    // The key was checked by the scope's auth hook (req.apiKey) before this runs.
    const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION });
    registerCrawlTools(server, injectCall(root, String(req.headers.authorization ?? '')));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.hijack();
    reply.raw.on('close', () => {
      transport.close().catch(() => {});
      server.close().catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  };
  const schema = { hide: true };
  scope.post('/mcp', { schema }, handle);
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE); the transport spec
  // lets a server answer 405 to both. An open GET would also hold the coordinator's shutdown.
  const notHere = async (_req: FastifyRequest, reply: FastifyReply) => {
    return reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: POST requests only' },
        id: null,
      });
  };
  scope.get('/mcp', { schema }, notHere);
  scope.delete('/mcp', { schema }, notHere);
}
