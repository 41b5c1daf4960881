// Reads a V8 heap snapshot (.heapsnapshot) and sums the self size and count of its nodes by kind:
// objects by constructor, closures by function name, internal arrays by their role, strings and
// code as one kind each. With `owners`, each kind is further split by who holds the node: its
// first strong retainer and that one's (e.g. "array (object properties) < Socket.properties"),
// which says whose property store or closure it is. Two summaries taken at two fleet sizes,
// differenced and divided by the agents between them, give the bytes an agent costs by kind
// (scripts/bench/fleet-heap.ts).
import { readFileSync } from 'node:fs';

export type HeapSummary = Map<string, { count: number; bytes: number }>;

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const NAMED = new Set(['object', 'closure', 'native', 'array', 'synthetic', 'hidden', 'object shape']);
/** Retainer kinds preferred when a node has several: the ones that say whose it is. */
const RANK: Record<string, number> = { object: 3, closure: 3, array: 2, hidden: 1 };

export function summarizeHeap(file: string, owners = false): HeapSummary {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const meta = snap.snapshot.meta;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const width = meta.node_fields.length;
  const ewidth = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const edgeCountAt = meta.node_fields.indexOf('edge_count');
  const { nodes, edges, strings } = snap;
  const count = nodes.length / width;

  const kindOf = (n: number): string => {
    const i = n * width;
    const type = types[nodes[i + typeAt] as number] ?? '?';
    if (NAMED.has(type)) {
      const name = strings[nodes[i + nameAt] as number] ?? '';
      // Hidden nodes are named after their content (e.g. system / Context): keep names short.
      return `${type} ${name.length > 60 ? `${name.slice(0, 60)}…` : name}`;
    }
    return type.endsWith('string') ? 'string' : type;
  };

  // The first strong retainer of each node (preferring objects and closures), and the edge's name.
  const parent = new Int32Array(owners ? count : 0).fill(-1);
  const via = new Int32Array(owners ? count : 0);
  if (owners) {
    const rank = new Int8Array(count);
    let e = 0;
    for (let n = 0; n < count; n++) {
      const t = types[nodes[n * width + typeAt] as number] ?? '';
      const r = RANK[t] ?? 0;
      const edgeCount = nodes[n * width + edgeCountAt] as number;
      for (let k = 0; k < edgeCount; k++, e += ewidth) {
        const et = edgeTypes[edges[e] as number];
        if (et === 'weak' || et === 'shortcut') continue;
        const to = (edges[e + 2] as number) / width;
        if (parent[to] === -1 || r > (rank[to] as number)) {
          parent[to] = n;
          via[to] = e;
          rank[to] = r;
        }
      }
    }
  }
  const edgeName = (e: number): string => {
    const et = edgeTypes[edges[e] as number];
    const v = edges[e + 1] as number;
    return et === 'element' || et === 'hidden' ? '[]' : (strings[v] ?? '?');
  };
  const owner = (n: number): string => {
    const p = parent[n] as number;
    if (p < 0) return '';
    const q = parent[p] as number;
    const up = q < 0 ? '' : ` < ${kindOf(q)}.${edgeName(via[p] as number)}`;
    return ` < ${kindOf(p)}.${edgeName(via[n] as number)}${up}`;
  };

  const out: HeapSummary = new Map();
  for (let n = 0; n < count; n++) {
    const kind = owners ? kindOf(n) + owner(n) : kindOf(n);
    const row = out.get(kind) ?? { count: 0, bytes: 0 };
    row.count++;
    row.bytes += nodes[n * width + sizeAt] as number;
    out.set(kind, row);
  }
  return out;
}

/** Per-agent change by kind between two summaries, largest first. */
export function perAgent(
  a: HeapSummary,
  b: HeapSummary,
  agents: number,
): Array<{ kind: string; count: number; bytes: number }> {
  const kinds = new Set([...a.keys(), ...b.keys()]);
  const rows = [...kinds].map((kind) => {
    const x = a.get(kind) ?? { count: 0, bytes: 0 };
    const y = b.get(kind) ?? { count: 0, bytes: 0 };
    return { kind, count: (y.count - x.count) / agents, bytes: (y.bytes - x.bytes) / agents };
  });
  return rows.sort((p, q) => q.bytes - p.bytes);
}
