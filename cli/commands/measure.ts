// `crawl dns|ping|traceroute|mtr|tls TARGET --from DE,US --limit 3`: a network measurement from
// distinct devices per location (docs/measure.md). On a terminal a table per device redraws as
// results arrive, then stays; otherwise each device's entry is printed as one JSON line the moment
// its result arrives (and `--json` does the same on a terminal).
import type { Command } from 'commander';
import type { Measurement, MeasurementEntry, NewMeasurementRequest } from '../../client/index.js';
import type { CommandContext } from '../context.js';
import { EXIT, UsageError } from '../io.js';
import { LiveBlock, table } from '../progress.js';
import { parseIntFlag } from '../request-flags.js';

const TYPES = ['dns', 'ping', 'traceroute', 'mtr', 'tls'] as const;
type MeasureType = (typeof TYPES)[number];
const REGIONS = new Set(['NA', 'EU', 'APAC', 'LATAM', 'MEA']);

interface MeasureOptions {
  from?: string;
  limit?: string;
  protocol?: string;
  port?: string;
  packets?: string;
  recordType?: string;
  resolver?: string;
  resolverPort?: string;
  timeout?: string;
}

/** `--from DE,EU,AS3320` → one location each (country, region or network), `limit` devices each. */
export function locationsOf(
  from: string | undefined,
  limit: number | undefined,
): NewMeasurementRequest['locations'] {
  if (!from) return undefined;
  const items = from
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0)
    throw new UsageError('--from wants a comma-separated list, e.g. DE,US or EU or AS3320');
  return items.map((item) => {
    const upper = item.toUpperCase();
    const loc: Record<string, string | number> = {};
    if (REGIONS.has(upper)) loc.region = upper;
    else if (/^AS\d+$/.test(upper)) loc.asn = Number(upper.slice(2));
    else if (/^[A-Z]{2}$/.test(upper)) loc.country = upper;
    else throw new UsageError(`--from: ${item} is not a country code, a region or an AS number`);
    if (limit !== undefined) loc.limit = limit;
    return loc;
  });
}

const num = (v: number | undefined, digits = 1) => (v === undefined ? '-' : v.toFixed(digits));

/** What a device measured, in one cell. */
export function summaryOf(type: MeasureType, e: MeasurementEntry): string {
  const r = e.result;
  if (!r) return e.status === 'failed' ? `failed: ${e.error_type ?? ''}` : e.status;
  if (!r.success) return `${r.error_type}: ${r.error_message}`;
  if (type === 'dns') {
    const answers = (r.dns?.answers ?? []).map((a) => a.value).join(' ');
    return `${r.dns?.status ?? ''} ${answers}`.trim();
  }
  if (type === 'ping') {
    const p = r.ping;
    return `${p?.received ?? 0}/${p?.sent ?? 0} min/avg/max ${num(p?.min_ms)}/${num(p?.avg_ms)}/${num(p?.max_ms)} ms, loss ${num(p?.loss_percent, 0)}%`;
  }
  if (type === 'tls') {
    const t = r.tls;
    return `${t?.protocol ?? ''} ${t?.cipher ?? ''} ${t?.authorized ? 'trusted' : `untrusted (${t?.authorization_error ?? ''})`}`;
  }
  const hops = r.hops ?? [];
  const last = hops.at(-1);
  const asns = [...new Set(hops.map((h) => h.asn).filter((a): a is number => typeof a === 'number'))];
  return `${hops.length} hops, last ${last?.address || '*'} ${num(last?.avg_ms ?? last?.rtts_ms[0])} ms${asns.length ? `, AS ${asns.join(' ')}` : ''}`;
}

/**
 * A device's state as the table shows it: a result with nothing to report is named by its error
 * type (`blocked`, `dns`, `timeout`, `connect`: docs/measure.md), not by its job's `completed`.
 */
export function entryState(e: MeasurementEntry): string {
  if (e.result && !e.result.success) return e.result.error_type || 'failed';
  return e.status;
}

/** One row per device: where it is and what it measured. */
export function measurementTable(m: Measurement): string {
  const rows = [['DEVICE', 'COUNTRY', 'NETWORK', 'STATUS', 'RESULT']];
  for (const e of m.results) {
    const d = e.device;
    const net = d?.network?.asn ? `AS${d.network.asn} ${d.network.network_name ?? ''}`.trim() : '-';
    rows.push([d?.device_id ?? '-', d?.country || '-', net, entryState(e), summaryOf(m.type, e)]);
  }
  return table(rows);
}

async function runMeasure(
  ctx: CommandContext,
  type: MeasureType,
  target: string,
  o: MeasureOptions,
  cmd: Command,
): Promise<void> {
  const { io } = ctx;
  const limit = parseIntFlag('--limit', o.limit, 1, 100);
  const request: NewMeasurementRequest = { type, target };
  const locations = locationsOf(o.from, limit);
  if (locations) request.locations = locations;
  else if (limit !== undefined) request.limit = limit;
  if (o.protocol) request.protocol = o.protocol.toLowerCase();
  const port = parseIntFlag('--port', o.port, 1, 65535);
  if (port !== undefined) request.port = port;
  const packets = parseIntFlag('--packets', o.packets, 1, 16);
  if (packets !== undefined) request.packets = packets;
  if (o.recordType) request.record_type = o.recordType.toUpperCase();
  if (o.resolver) request.resolver = o.resolver;
  const resolverPort = parseIntFlag('--resolver-port', o.resolverPort, 1, 65535);
  if (resolverPort !== undefined) request.resolver_port = resolverPort;
  const timeout = parseIntFlag('--timeout', o.timeout, 1, 120);
  if (timeout !== undefined) request.timeout_sec = timeout;

  const client = await ctx.client(cmd);
  const created = await client.measure(request, { signal: io.interrupt });
  const lines = Boolean(ctx.globals(cmd).json) || !io.stdout.isTTY;
  const live = new LiveBlock(io.stderr, Boolean(io.stderr.isTTY) && !lines);
  const printed = new Set<string>();
  const show = (m: Measurement) => {
    if (!lines) {
      live.draw(`${type} ${target}: ${m.status}\n${measurementTable(m)}`);
      return;
    }
    // Each device once, as its result arrives.
    for (const e of m.results) {
      if (printed.has(e.job_id) || (e.status !== 'completed' && e.status !== 'failed')) continue;
      printed.add(e.job_id);
      ctx.printJson({ measurement_id: m.id, type: m.type, target: m.target, ...e }, true);
    }
  };
  let m: Measurement;
  try {
    m = await client.waitForMeasurement(created.id, {
      signal: io.interrupt,
      minIntervalMs: 200,
      maxIntervalMs: 1_000,
      onUpdate: show,
    });
  } catch (err) {
    if (!io.interrupt.aborted) throw err;
    live.clear();
    ctx.note(`crawl: interrupted; measurement ${created.id} keeps running`);
    ctx.exitCode = EXIT.interrupted;
    return;
  }
  show(m);
  live.clear();
  if (!lines) {
    ctx.out(
      `${type} ${m.target} from ${m.total_devices} device${m.total_devices === 1 ? '' : 's'} (${m.id})`,
    );
    ctx.out(measurementTable(m));
  }
  if (m.results.some((e) => e.status === 'failed' || e.result?.success === false))
    ctx.exitCode = EXIT.jobFailed;
}

export function registerMeasure(program: Command, ctx: CommandContext): void {
  for (const type of TYPES) {
    program
      .command(type)
      .description(`measure ${type} to a target from devices (docs/measure.md)`)
      .argument('<target>', 'a host name or an IP address')
      .option('--from <list>', 'locations: countries (DE,US), regions (EU) or networks (AS3320)')
      .option('--limit <n>', 'devices per location (or in all without --from), 1..100 (default 1)')
      .option('--protocol <p>', 'icmp, udp or tcp, as the type allows')
      .option('--port <n>', 'port (tcp ping, traceroute, mtr, tls)')
      .option('--packets <n>', 'packets (ping, mtr ≤ 16; traceroute ≤ 3)')
      .option('--record-type <type>', 'dns: A AAAA CNAME MX NS TXT SOA CAA (default A)')
      .option('--resolver <ip>', "dns: 'system' (default) or a resolver's address")
      .option('--resolver-port <n>', "dns: the resolver's port (default 53)")
      .option('--timeout <seconds>', 'how long each device may take, 1..120 (default 30)')
      .action((target: string, o: MeasureOptions, c: Command) => runMeasure(ctx, type, target, o, c));
  }
}
