// `crawl mcp`: the crawl tools as an MCP server on stdin/stdout, for desktop AI clients. The URL and
// key come from the usual flags, env or profile file. Nothing but protocol goes to stdout.
// The MCP SDK, zod and the tool table load only when `crawl mcp` runs: they are most of what every
// other command would otherwise spend starting up.
import type { Command } from 'commander';
import type { ApiCall } from '../../contract/mcp/api-call.js';
import { resolveConnection } from '../config.js';
import type { CommandContext } from '../context.js';

export function registerMcp(program: Command, ctx: CommandContext): void {
  program
    .command('mcp')
    .description('serve the crawl tools to an MCP client over stdio (see docs/mcp.md)')
    .action(async (_o: unknown, c: Command) => {
      const stdio = ctx.io.stdio;
      if (!stdio) throw new Error('crawl mcp needs real stdin and stdout');
      const conn = await resolveConnection(ctx.globals(c), ctx.io);
      const base = conn.url.replace(/\/$/, '');
      const call: ApiCall = async (method, path, json) => {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${conn.apiKey}`,
            'user-agent': 'crawl-mcp/0.1',
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
        return {
          status: res.status,
          contentType: res.headers.get('content-type') ?? '',
          body: Buffer.from(await res.arrayBuffer()),
        };
      };
      const [{ McpServer }, { StdioServerTransport }, { registerCrawlTools }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/mcp.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../../contract/mcp/tools.js'),
      ]);
      const server = new McpServer({ name: 'crawl-network', version: '1.0.0' });
      registerCrawlTools(server, call);
      const transport = new StdioServerTransport(stdio.stdin, stdio.stdout);
      const closed = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
        stdio.stdin.once('end', () => resolve());
        ctx.io.interrupt.addEventListener('abort', () => resolve(), { once: true });
      });
      await server.connect(transport);
      await closed;
      await server.close();
    });
}
