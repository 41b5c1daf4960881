// A DNS query sent by the agent itself (dns-exchange.ts) to the device's own resolver (the servers
// Node's resolver was configured with, from resolv.conf, in order) or to a given server, over UDP or
// TCP as the job's method says. The whole answer is read, so every record carries its TTL. A UDP
// answer with the TC bit set is asked again over TCP, as dig and the stub resolvers do; a FORMERR
// to the EDNS query, from a server that does not know EDNS, is asked again without it.
//
// A given server is a target like any other: the network policy decides whether it may be asked.
// Through the device's own resolver, names that only mean something inside the owner's network
// (single labels, .local, .lan, .home.arpa, .internal, localhost) are refused: answering them would
// describe the owner's network to whoever asked.
import nodeDns from 'node:dns';
import net from 'node:net';
import type { Answer, DecodedPacket } from 'dns-packet';
import { type DnsAnswer, MEASURE_RESULT_LIMITS, type MeasureDns } from '../../../proto/index.js';
import { JobError } from '../../errors.js';
import { ms, Truncation } from './bounds.js';
import { DnsNoAnswer, type DnsServer, type DnsTransport, exchange, optOf, rcodeOf } from './dns-exchange.js';
import { pinTarget } from './pin.js';
import type { MeasureJob } from './request.js';
import type { Measured, MeasureRun } from './types.js';

/** The wait for one server's answer before the next server is asked or the query gives up. */
const QUERY_TIMEOUT_MS = 5_000;
const LOCAL_SUFFIXES = ['localhost', 'local', 'lan', 'home.arpa', 'internal'];
/** The tool a DNS result names: the agent's own query, encoded and decoded by dns-packet. */
const TOOL = 'dns-packet';

/** One server's answer, with how it was obtained (for the result and the raw output). */
interface Answered {
  packet: DecodedPacket;
  server: DnsServer;
  transport: DnsTransport;
  notes: string[];
}

export async function dnsQuery({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  if (net.isIP(job.target) !== 0)
    throw new JobError('blocked', 'measurement refused: a DNS query needs a name');
  let servers: DnsServer[];
  let decision: Measured['decision'];
  if (job.resolver !== '') {
    const pinned = await pinTarget(deps.policy, job.resolver, job.resolverPort, 0);
    decision = pinned.decision;
    const host = pinned.family === 6 ? `[${pinned.address}]` : pinned.address;
    servers = [
      {
        address: pinned.address,
        port: job.resolverPort,
        family: pinned.family,
        label: `${host}:${job.resolverPort}`,
      },
    ];
  } else if (isLocalName(job.target)) {
    throw new JobError('blocked', `measurement refused: ${job.target} is a local name (device resolver)`);
  } else {
    servers = systemServers();
    if (servers.length === 0)
      throw new JobError('dns', 'DNS query failed: this device has no resolver configured');
  }
  const startNs = process.hrtime.bigint();
  const elapsedMs = () => Number(process.hrtime.bigint() - startNs) / 1e6;
  const asked: DnsServer[] = [];
  let answered: Answered | undefined;
  let failure: DnsNoAnswer | undefined;
  // A job without a limit of its own (0) gives every server its full wait.
  const totalMs = timeoutMs > 0 ? timeoutMs : QUERY_TIMEOUT_MS * servers.length;
  for (const server of servers) {
    const budgetMs = Math.min(QUERY_TIMEOUT_MS, totalMs - elapsedMs());
    if (budgetMs <= 0) break;
    asked.push(server);
    try {
      answered = await ask(job, server, deps.localAddress, budgetMs, signal);
      break;
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (!(err instanceof DnsNoAnswer)) throw err;
      failure = err;
    }
  }
  const labels = asked.map((s) => s.label);
  if (!answered) {
    const kind = failure?.kind ?? 'TIMEOUT';
    throw new JobError(
      kind === 'TIMEOUT' ? 'timeout' : 'dns',
      `DNS query failed: ${failure?.message ?? kind} from ${labels.join(', ')}`,
      { cause: failure },
    );
  }
  const timeMs = ms(elapsedMs());
  const { packet } = answered;
  const section = (packet.answers ?? []).filter((a) => a.type !== 'OPT' && classOf(a) === 'IN');
  const ofType = section.filter((a) => a.type === job.recordType);
  const rcode = statusOf(packet);
  const status = rcode === 'NOERROR' && ofType.length === 0 ? 'NODATA' : rcode;
  const cut = new Truncation();
  const answers = status === 'NOERROR' ? ofType.map((a) => answerOf(a, cut)) : [];
  const result: MeasureDns = {
    resolver:
      job.resolver === '' ? `system (${servers.map((s) => s.label).join(', ')})` : (servers[0]?.label ?? ''),
    recordType: job.recordType,
    protocol: answered.transport,
    answers: cut.list(answers, MEASURE_RESULT_LIMITS.maxAnswers),
    status,
    timeMs,
  };
  const listed = cut.list(section, MEASURE_RESULT_LIMITS.maxAnswers).map((a) => answerOf(a, cut));
  return {
    address: decision?.allowed ? decision.address : '',
    ...(decision ? { decision } : {}),
    raw: render(job, result, answered, section.length, listed),
    truncated: cut.cut,
    tool: TOOL,
    dns: result,
    resolvers: labels,
  };
}

export function isLocalName(name: string): boolean {
  if (!name.includes('.')) return true;
  return LOCAL_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`));
}

/**
 * The device's own resolvers, in the order Node's default resolver holds them (resolv.conf's, as
 * c-ares read it at start; network-context.ts reports the same list): `1.2.3.4`, `1.2.3.4:5353`,
 * `2001:db8::1`, `[2001:db8::1]:5353`.
 */
function systemServers(): DnsServer[] {
  // Read through the module object: dns.setServers() replaces the default resolver, and a named
  // import would keep asking the one it replaced.
  return nodeDns.getServers().flatMap((label): DnsServer[] => {
    const bracketed = /^\[(.+)\]:(\d+)$/.exec(label);
    const withPort = /^([\d.]+):(\d+)$/.exec(label);
    const [address, port] = bracketed
      ? [bracketed[1] ?? '', Number(bracketed[2])]
      : withPort
        ? [withPort[1] ?? '', Number(withPort[2])]
        : [label, 53];
    const family = net.isIP(address);
    return family === 4 || family === 6 ? [{ address, port, family, label }] : [];
  });
}

/**
 * One server asked over the job's protocol: a truncated UDP answer asked again over TCP, a FORMERR
 * to EDNS (no OPT in the answer: the server does not know it) asked again without.
 */
async function ask(
  job: MeasureJob,
  server: DnsServer,
  localAddress: string,
  budgetMs: number,
  signal: AbortSignal,
): Promise<Answered> {
  const deadline = Date.now() + budgetMs;
  const notes: string[] = [];
  let transport: DnsTransport = job.protocol === 'tcp' ? 'tcp' : 'udp';
  let edns = true;
  for (;;) {
    const packet = await exchange({
      name: job.target,
      type: job.recordType,
      server,
      transport,
      edns,
      localAddress,
      timeoutMs: Math.max(1, deadline - Date.now()),
      signal,
    });
    if (edns && rcodeOf(packet) === 'FORMERR' && !optOf(packet)) {
      notes.push(';; FORMERR to the EDNS query, retrying without EDNS.');
      edns = false;
    } else if (transport === 'udp' && packet.flag_tc) {
      // dig's words for it.
      notes.push(';; Truncated, retrying in TCP mode.');
      transport = 'tcp';
    } else {
      return { packet, server, transport, notes };
    }
  }
}

function classOf(a: Answer): string {
  return 'class' in a ? (a.class ?? 'IN') : 'IN';
}

/** The rcode's name, with EDNS's extended bits when the server sent an OPT record. */
function statusOf(p: DecodedPacket): string {
  const extended = optOf(p)?.extendedRcode ?? 0;
  if (extended === 0) return rcodeOf(p);
  const full = (extended << 4) | ((p.flags ?? 0) & 0xf);
  return full === 16 ? 'BADVERS' : `RCODE_${full}`;
}

/** A record as a result's answer: its own name and type, its TTL, its value in presentation form. */
function answerOf(a: Answer, cut: Truncation): DnsAnswer {
  const ttl = 'ttl' in a ? (a.ttl ?? 0) : 0;
  return { name: cut.text(a.name), type: a.type, ttl, hasTtl: true, value: cut.text(presentation(a)) };
}

function presentation(a: Answer): string {
  switch (a.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'DNAME':
    case 'NS':
    case 'PTR':
      return a.data;
    case 'MX':
      return `${a.data.preference ?? 0} ${a.data.exchange}`;
    case 'TXT': {
      const chunks = Array.isArray(a.data) ? a.data : [a.data];
      return chunks.map((c) => JSON.stringify(c.toString())).join(' ');
    }
    case 'SOA': {
      const s = a.data;
      return `${s.mname} ${s.rname} ${s.serial ?? 0} ${s.refresh ?? 0} ${s.retry ?? 0} ${s.expire ?? 0} ${s.minimum ?? 0}`;
    }
    case 'CAA':
      return `${a.data.flags ?? 0} ${a.data.tag} ${JSON.stringify(a.data.value)}`;
    case 'OPT':
      return '';
    default:
      // Other types only appear in the raw output's answer section (never asked for here).
      return Buffer.isBuffer(a.data) ? `\\# ${a.data.byteLength} ${a.data.toString('hex')}` : '';
  }
}

/**
 * A dig-like text form of the answer: the measurement's raw output. It lists the whole answer
 * section as the server sent it (a CNAME chain before the records of the type asked), where the
 * result's answers keep the records of the type asked.
 */
function render(
  job: MeasureJob,
  r: MeasureDns,
  a: Answered,
  sectionLength: number,
  listed: DnsAnswer[],
): string {
  const lines = [
    `;; ${job.target} IN ${job.recordType} via ${a.server.label} (${job.protocol})`,
    ...a.notes,
    `;; status: ${r.status}, answers: ${sectionLength}, time: ${r.timeMs} ms, over ${a.transport}`,
    ...listed.map((x) => `${x.name}.\t${x.ttl}\tIN\t${x.type}\t${x.value}`),
  ];
  return `${lines.join('\n')}\n`;
}
