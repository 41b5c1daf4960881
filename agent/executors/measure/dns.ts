// A DNS query with Node's resolver (c-ares): the device's own resolver (as resolv.conf names it) or
// a given server, over UDP (c-ares retries a truncated answer over TCP itself). TTLs come with A and
// AAAA answers; Node does not expose them for the other record types (has_ttl false).
//
// A given server is a target like any other: the network policy decides whether it may be asked.
// Through the device's own resolver, names that only mean something inside the owner's network
// (single labels, .local, .lan, .home.arpa, .internal, localhost) are refused: answering them would
// describe the owner's network to whoever asked.
import { promises as dnsPromises } from 'node:dns';
import net from 'node:net';
import { type DnsAnswer, MEASURE_RESULT_LIMITS, type MeasureDns } from '../../../proto/index.js';
import { JobError } from '../../errors.js';
import { ms, Truncation } from './bounds.js';
import { pinTarget } from './pin.js';
import type { MeasureJob } from './request.js';
import type { Measured, MeasureRun } from './types.js';

/** c-ares's wait for one answer before it tries again or gives up. */
const QUERY_TIMEOUT_MS = 5_000;
const LOCAL_SUFFIXES = ['localhost', 'local', 'lan', 'home.arpa', 'internal'];

/** rcode-like names for Node's DNS error codes; the ones under NO_ANSWER mean no server answered. */
const STATUS: Readonly<Record<string, string>> = {
  ENODATA: 'NODATA',
  ENOTFOUND: 'NXDOMAIN',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  EFORMERR: 'FORMERR',
  ENOTIMP: 'NOTIMP',
};
const NO_ANSWER: Readonly<Record<string, string>> = {
  ETIMEOUT: 'TIMEOUT',
  ECONNREFUSED: 'CONNREFUSED',
  EBADRESP: 'BADRESP',
};

export async function dnsQuery({ job, deps, signal, timeoutMs }: MeasureRun): Promise<Measured> {
  if (net.isIP(job.target) !== 0)
    throw new JobError('blocked', 'measurement refused: a DNS query needs a name');
  const resolver = new dnsPromises.Resolver({ timeout: Math.min(QUERY_TIMEOUT_MS, timeoutMs), tries: 1 });
  let server = 'system';
  let decision: Measured['decision'];
  if (job.resolver !== '') {
    const pinned = await pinTarget(deps.policy, job.resolver, job.resolverPort, 0);
    decision = pinned.decision;
    server =
      pinned.family === 6
        ? `[${pinned.address}]:${job.resolverPort}`
        : `${pinned.address}:${job.resolverPort}`;
    resolver.setServers([server]);
  } else if (isLocalName(job.target)) {
    throw new JobError('blocked', `measurement refused: ${job.target} is a local name (device resolver)`);
  }
  if (deps.localAddress) {
    if (net.isIPv6(deps.localAddress)) resolver.setLocalAddress(undefined, deps.localAddress);
    else resolver.setLocalAddress(deps.localAddress);
  }
  const servers = resolver.getServers();
  const onAbort = () => resolver.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  const startNs = process.hrtime.bigint();
  let answers: DnsAnswer[] = [];
  let status = 'NOERROR';
  try {
    answers = await query(resolver, job);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const noAnswer = NO_ANSWER[code];
    if (noAnswer)
      throw new JobError(
        noAnswer === 'TIMEOUT' ? 'timeout' : 'dns',
        `DNS query failed: ${noAnswer} from ${servers.join(', ')}`,
        { cause: err },
      );
    status = STATUS[code] ?? code.replace(/^E/, '');
    if (status === '') throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const timeMs = ms(Number(process.hrtime.bigint() - startNs) / 1e6);
  const cut = new Truncation();
  const result: MeasureDns = {
    resolver: job.resolver === '' ? `system (${servers.join(', ')})` : server,
    recordType: job.recordType,
    protocol: 'udp',
    answers: cut
      .list(answers, MEASURE_RESULT_LIMITS.maxAnswers)
      .map((a) => ({ ...a, value: cut.text(a.value ?? '') })),
    status,
    timeMs,
  };
  return {
    address: decision?.allowed ? decision.address : '',
    ...(decision ? { decision } : {}),
    raw: render(job, result),
    truncated: cut.cut,
    tool: 'node:dns',
    dns: result,
    resolvers: servers,
  };
}

export function isLocalName(name: string): boolean {
  if (!name.includes('.')) return true;
  return LOCAL_SUFFIXES.some((s) => name === s || name.endsWith(`.${s}`));
}

async function query(resolver: dnsPromises.Resolver, job: MeasureJob): Promise<DnsAnswer[]> {
  const name = job.target;
  const answer = (value: string, ttl?: number): DnsAnswer => ({
    name,
    type: job.recordType,
    ttl: ttl ?? 0,
    hasTtl: ttl !== undefined,
    value,
  });
  switch (job.recordType) {
    case 'A':
      return (await resolver.resolve4(name, { ttl: true })).map((r) => answer(r.address, r.ttl));
    case 'AAAA':
      return (await resolver.resolve6(name, { ttl: true })).map((r) => answer(r.address, r.ttl));
    case 'CNAME':
      return (await resolver.resolveCname(name)).map((v) => answer(v));
    case 'NS':
      return (await resolver.resolveNs(name)).map((v) => answer(v));
    case 'MX':
      return (await resolver.resolveMx(name)).map((r) => answer(`${r.priority} ${r.exchange}`));
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((chunks) =>
        answer(chunks.map((c) => JSON.stringify(c)).join(' ')),
      );
    case 'SOA': {
      const s = await resolver.resolveSoa(name);
      return [
        answer(`${s.nsname} ${s.hostmaster} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}`),
      ];
    }
    case 'CAA':
      return (await resolver.resolveCaa(name)).map((r) => {
        const { critical, ...rest } = r;
        const [tag, value] = Object.entries(rest)[0] ?? ['', ''];
        return answer(`${critical} ${tag} ${JSON.stringify(String(value))}`);
      });
  }
}

/** A dig-like text form of the answer: the measurement's raw output. */
function render(job: MeasureJob, r: MeasureDns): string {
  const answers = r.answers ?? [];
  const lines = [
    `;; ${job.target} IN ${job.recordType} via ${r.resolver} (${r.protocol})`,
    `;; status: ${r.status}, answers: ${answers.length}, time: ${r.timeMs} ms`,
    ...answers.map((a) => `${a.name}.\t${a.hasTtl ? a.ttl : '-'}\tIN\t${a.type}\t${a.value}`),
  ];
  return `${lines.join('\n')}\n`;
}
