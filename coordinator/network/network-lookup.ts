// A device's egress network, from the remote address of its link: the address family, the
// autonomous system (number and name) and, where the classification says so, its kind.
//
// The data is read lazily: nothing at start, an operator file on the first lookup, the bundled
// package's IPv4 (21 MB) or IPv6 (11 MB) file only when a public address of that family is looked
// up. Loopback, private and other non-public addresses never load the package: in a lab or a test
// nothing is read unless an operator file maps such addresses. The address itself is used here and
// dropped: it is not kept, returned or logged.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';
import { type IpAddress, parseIp } from '../../common/net-policy/cidr.js';
import { embeddedIPv4, rangeRule } from '../../common/net-policy/ranges.js';
import { readAsnCsv } from './asn-csv.js';
import { type AsnMatch, type AsnTable, AsnTableBuilder } from './asn-table.js';
import type { NetworkKind, NetworkKinds } from './network-kinds.js';

/** The word in --asn-db that stands for the bundled @ip-location-db/asn data. */
export const ASN_PACKAGE = 'package';

export type AddressFamily = 'ipv4' | 'ipv6';

/** What the coordinator knows of a device's egress network. Never holds the address. */
export interface DeviceEgress {
  addressFamily: AddressFamily | null;
  asn: number | null;
  networkName: string | null;
  networkKind: NetworkKind | null;
}

export const UNKNOWN_EGRESS: Readonly<DeviceEgress> = Object.freeze({
  addressFamily: null,
  asn: null,
  networkName: null,
  networkKind: null,
});

export interface NetworkLookupOptions {
  /**
   * Where ASN data comes from, in order (the first source holding an address answers): file
   * paths in the CSV form of asn-csv.ts, or `package` for @ip-location-db/asn. Default ['package'].
   */
  sources?: readonly string[];
  kinds: NetworkKinds;
  log: Logger;
  /** Folder of the package's CSV files. Default: where node resolves @ip-location-db/asn. */
  packageDir?: string;
}

/** What one load measured (operators read it in the log; tests and benches read it here). */
export interface LoadReport {
  source: string;
  rows: number;
  skipped: number;
  ms: number;
  tableBytes: number;
}

interface Layer {
  readonly source: string;
  /** The table for the address's family, loaded on first need; null when this layer has none. */
  table(family: 4 | 6): Promise<AsnTable | null>;
  /** Package data holds public addresses only: other addresses are not worth loading it for. */
  readonly publicOnly: boolean;
}

function packageDirOf(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@ip-location-db/asn/package.json'));
}

/** The address the socket reports, parsed: zone ids dropped, IPv4-mapped IPv6 as IPv4. */
export function egressAddress(remote: string | undefined): IpAddress | null {
  if (!remote) return null;
  const zone = remote.indexOf('%');
  const ip = parseIp(zone >= 0 ? remote.slice(0, zone) : remote);
  if (!ip) return null;
  const embedded = embeddedIPv4(ip);
  return embedded?.kind === 'mapped' ? embedded.ipv4 : ip;
}

export class NetworkLookup {
  private readonly layers: Layer[];
  private readonly log: Logger;
  readonly loads: LoadReport[] = [];

  constructor(private readonly opts: NetworkLookupOptions) {
    this.log = opts.log.child({ component: 'network' });
    const sources = opts.sources ?? [ASN_PACKAGE];
    this.layers = sources.map((s) => (s === ASN_PACKAGE ? this.packageLayer() : this.fileLayer(s)));
  }

  /** The egress of a link whose remote address is `remote` (as the socket reports it). */
  async egressOf(remote: string | undefined): Promise<DeviceEgress> {
    const ip = egressAddress(remote);
    if (!ip) return { ...UNKNOWN_EGRESS };
    const match = await this.lookup(ip);
    return {
      addressFamily: ip.family === 4 ? 'ipv4' : 'ipv6',
      asn: match?.asn ?? null,
      networkName: match ? match.name || null : null,
      networkKind: this.opts.kinds.of(match?.asn ?? null),
    };
  }

  /** The network holding the address, or null when no source has it. */
  async lookup(ip: IpAddress): Promise<AsnMatch | null> {
    const routable = rangeRule(ip) === null;
    for (const layer of this.layers) {
      if (layer.publicOnly && !routable) continue;
      const table = await layer.table(ip.family);
      const match = !table
        ? null
        : ip.family === 4
          ? table.lookupV4(Number(ip.value))
          : table.lookupV6(ip.value);
      if (match) return match;
    }
    return null;
  }

  /** An operator file: both families in one table, read on the first lookup of any address. */
  private fileLayer(file: string): Layer {
    let loading: Promise<AsnTable | null> | null = null;
    return {
      source: file,
      publicOnly: false,
      table: () => {
        loading ??= this.load(file);
        return loading;
      },
    };
  }

  /** The package: one file per family, each read on the first public address of that family. */
  private packageLayer(): Layer {
    const loading = new Map<4 | 6, Promise<AsnTable | null>>();
    return {
      source: ASN_PACKAGE,
      publicOnly: true,
      table: (family) => {
        let p = loading.get(family);
        if (!p) {
          const dir = this.opts.packageDir ?? packageDirOf();
          p = this.load(path.join(dir, family === 4 ? 'asn-ipv4-num.csv' : 'asn-ipv6-num.csv'));
          loading.set(family, p);
        }
        return p;
      },
    };
  }

  /**
   * Reads one file. A file that cannot be read leaves its layer empty (logged once, as an error):
   * devices still connect, with an unknown network.
   */
  private async load(file: string): Promise<AsnTable | null> {
    const started = performance.now();
    const builder = new AsnTableBuilder();
    try {
      const stats = await readAsnCsv(file, builder);
      const table = builder.build();
      const report: LoadReport = {
        source: file,
        rows: stats.rows,
        skipped: stats.skipped,
        ms: Math.round(performance.now() - started),
        tableBytes: table.bytes,
      };
      this.loads.push(report);
      this.log.info(report, 'ASN data loaded');
      if (stats.skipped > 0) {
        this.log.warn(
          { source: file, skipped: stats.skipped, firstLine: stats.firstSkipped },
          'ASN data: lines that are not start,end,asn,name rows were skipped',
        );
      }
      return table;
    } catch (err) {
      this.log.error({ err, source: file }, 'ASN data could not be read; its networks stay unknown');
      return null;
    }
  }
}
