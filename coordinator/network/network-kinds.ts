// Which autonomous systems are datacenter, residential or mobile networks. The ASN data carries no
// such class, so a short list in the repository (network-kinds.csv) names the networks whose kind
// is well known; operators extend or override it with files of the same form (--network-kinds).
import { readFile } from 'node:fs/promises';

export const NETWORK_KINDS = ['datacenter', 'residential', 'mobile'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

/** The list shipped with the coordinator. */
export const BUNDLED_NETWORK_KINDS = new URL('./network-kinds.csv', import.meta.url);

/** A classification file that cannot be read as one. */
export class NetworkKindsError extends Error {
  readonly code = 'NETWORK_KINDS_INVALID';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkKindsError';
  }
}

/** ASN → kind. `unknown` in a later file removes an entry an earlier one made. */
export class NetworkKinds {
  private readonly kinds = new Map<number, NetworkKind>();

  get size(): number {
    return this.kinds.size;
  }

  of(asn: number | null): NetworkKind | null {
    return asn === null ? null : (this.kinds.get(asn) ?? null);
  }

  /** Reads `asn,kind[,name]` lines (`#` comments, blank lines); throws naming the first bad line. */
  add(text: string, source: string): void {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = (lines[i] ?? '').trim();
      if (line === '' || line.startsWith('#')) continue;
      const [asnText = '', kindText = ''] = line.split(',').map((s) => s.trim());
      const asn = /^(AS)?\d{1,10}$/i.test(asnText) ? Number(asnText.replace(/^AS/i, '')) : Number.NaN;
      if (!(asn <= 4_294_967_295)) {
        throw new NetworkKindsError(`${source}:${i + 1}: ${JSON.stringify(asnText)} is not an AS number`);
      }
      const kind = kindText.toLowerCase();
      if (kind === 'unknown') this.kinds.delete(asn);
      else if ((NETWORK_KINDS as readonly string[]).includes(kind)) this.kinds.set(asn, kind as NetworkKind);
      else {
        throw new NetworkKindsError(
          `${source}:${i + 1}: kind must be one of ${NETWORK_KINDS.join(', ')} or unknown, got ${JSON.stringify(kindText)}`,
        );
      }
    }
  }

  /** The bundled list, then each operator file in order (later entries win). */
  static async load(paths: readonly string[] = []): Promise<NetworkKinds> {
    const kinds = new NetworkKinds();
    kinds.add(await readFile(BUNDLED_NETWORK_KINDS, 'utf8'), 'network-kinds.csv');
    for (const p of paths) {
      let text: string;
      try {
        text = await readFile(p, 'utf8');
      } catch (err) {
        throw new NetworkKindsError(`cannot read network kinds file ${p}`, { cause: err });
      }
      kinds.add(text, p);
    }
    return kinds;
  }
}
