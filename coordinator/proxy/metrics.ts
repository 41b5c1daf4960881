// The proxy's figures in /metrics, read at scrape time from the meter and the exits (nothing per
// connection is labelled: keys and hosts are unbounded). Per-key figures are in /crawl/v1/usage.
import { Gauge, type Registry } from 'prom-client';
import { CANARY_OUTCOMES, type ProxyCanaries } from './canary.js';
import type { ProxyExits } from './exits.js';
import type { ProxyMeter } from './meter.js';

export function registerProxyMetrics(
  registry: Registry,
  meter: ProxyMeter,
  exits: ProxyExits,
  openStreams: () => number,
): void {
  const registers = [registry];
  const totals = meter.totals;
  new Gauge({
    name: 'crawl_proxy_connections_total',
    help: 'Proxy connections opened through devices since start.',
    registers,
    collect() {
      this.set(totals.connections);
    },
  });
  new Gauge({
    name: 'crawl_proxy_bytes_total',
    help: 'Proxy bytes carried since start: up (client to target) and down.',
    labelNames: ['direction'],
    registers,
    collect() {
      this.set({ direction: 'up' }, totals.bytesUp);
      this.set({ direction: 'down' }, totals.bytesDown);
    },
  });
  new Gauge({
    name: 'crawl_proxy_refused_total',
    help: 'Proxy connections refused since start, by kind (auth, limit, denied, no_device, unreachable, invalid).',
    labelNames: ['kind'],
    registers,
    collect() {
      for (const kind of ['auth', 'limit', 'denied', 'no_device', 'unreachable', 'invalid'])
        this.set({ kind }, totals.refused[kind] ?? 0);
    },
  });
  new Gauge({
    name: 'crawl_proxy_streams_open',
    help: 'Proxy streams open now.',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  new Gauge({
    name: 'crawl_proxy_exit_devices',
    help: 'Connected devices offering proxy streams, and those whose owner consents.',
    labelNames: ['consent'],
    registers,
    collect() {
      this.set({ consent: 'yes' }, exits.consenting);
      this.set({ consent: 'no' }, exits.size - exits.consenting);
    },
  });
}

/** The proxy canaries' figures (canary.ts): outcomes and bytes, apart from the users' streams. */
export function registerProxyCanaryMetrics(registry: Registry, canaries: ProxyCanaries): void {
  const registers = [registry];
  new Gauge({
    name: 'crawl_proxy_canaries_total',
    help: 'Proxy canary streams since start, by outcome (pass, tampered, refused, unreachable, incomplete).',
    labelNames: ['outcome'],
    registers,
    collect() {
      for (const outcome of CANARY_OUTCOMES) this.set({ outcome }, canaries.totals[outcome]);
    },
  });
  new Gauge({
    name: 'crawl_proxy_canary_bytes_total',
    help: 'Bytes of proxy canary streams since start, both ways (not in crawl_proxy_bytes_total).',
    registers,
    collect() {
      this.set(canaries.bytes);
    },
  });
}
