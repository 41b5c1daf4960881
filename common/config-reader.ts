// The one config reader both processes use: flags (`--name value`, `--name=value`, bare `--name` for
// true) over environment variables (PREFIX + NAME_IN_CAPS), each setting parsed and checked once,
// every problem collected so a bad start reports all of them together. Imports nothing of the project.

export type ConfigSource = Record<string, string | undefined>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `--data-dir x` / `--data-dir=x` / `--flag` → { 'data-dir': 'x', flag: 'true' }. */
export function parseFlags(argv: readonly string[]): ConfigSource {
  const out: ConfigSource = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) out[arg.slice(2, eq)] = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('--')) out[arg.slice(2)] = argv[++i];
    else out[arg.slice(2)] = 'true';
  }
  return out;
}

/** Splits a comma-separated list, trimming and dropping empty items. */
export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Edit distance (insertions, deletions, substitutions) between two short names. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The candidate closest to `name` (the first of equals), or undefined when there is none. */
export function nearest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** `unknown flag --max-atempts (did you mean --max-attempts?)`. */
export function unknownFlagProblem(flag: string, known: Iterable<string>): string {
  const guess = nearest(flag, known);
  return `unknown flag --${flag}${guess === undefined ? '' : ` (did you mean --${guess}?)`}`;
}

export interface ConfigReaderOptions {
  /** Environment prefix: `CRAWL_AGENT_` makes `--max-concurrent` read `CRAWL_AGENT_MAX_CONCURRENT`. */
  envPrefix: string;
  /**
   * Variables under `envPrefix` that belong to other programs of the project (the CLI's
   * CRAWL_URL, the agent's CRAWL_AGENT_…): a name, or a prefix ending in `_`. They are not ours to
   * refuse.
   */
  otherPrograms?: readonly string[];
  /**
   * Flags another part of the same command reads (`npm start`'s agent and own flags, beside the
   * coordinator's): not refused, and named when one of them is the nearest to a mistyped flag.
   */
  alsoKnown?: readonly string[];
}

export class ConfigReader {
  readonly problems: string[] = [];
  private readonly flags: ConfigSource;
  /** Every setting asked for: what a flag or variable may name (rejectUnknown). */
  private readonly settings = new Set<string>();

  constructor(
    argv: readonly string[],
    private readonly env: ConfigSource,
    private readonly options: ConfigReaderOptions,
  ) {
    this.flags = parseFlags(argv);
  }

  /** The env variable a flag reads. */
  envName(flag: string): string {
    return `${this.options.envPrefix}${flag.toUpperCase().replaceAll('-', '_')}`;
  }

  /** The flag's value, else its env variable's; an empty value counts as unset. */
  raw(flag: string): string | undefined {
    this.settings.add(flag);
    const v = this.flags[flag] ?? this.env[this.envName(flag)];
    return v === undefined || v === '' ? undefined : v;
  }

  problem(message: string): void {
    this.problems.push(message);
  }

  /**
   * Once every setting has been read: a flag, or a variable under the prefix, that names no
   * setting is a problem naming it and the nearest setting (a typo must not start with a default).
   */
  rejectUnknown(): void {
    const { envPrefix, otherPrograms = [], alsoKnown = [] } = this.options;
    const flags = new Set([...this.settings, ...alsoKnown]);
    for (const flag of Object.keys(this.flags)) {
      if (!flags.has(flag)) this.problems.push(unknownFlagProblem(flag, flags));
    }
    const ours = new Map([...this.settings].map((flag) => [this.envName(flag), flag]));
    for (const name of Object.keys(this.env).sort()) {
      if (!name.startsWith(envPrefix) || ours.has(name) || this.env[name] === undefined) continue;
      if (otherPrograms.some((o) => (o.endsWith('_') ? name.startsWith(o) : name === o))) continue;
      const guess = nearest(name, ours.keys());
      this.problems.push(
        `unknown environment variable ${name}${guess === undefined ? '' : ` (did you mean ${guess}?)`}`,
      );
    }
  }

  str(flag: string, def: string): string {
    return this.raw(flag) ?? def;
  }

  /** An integer in [min, max]; `_` separators allowed (10_000). */
  int(flag: string, def: number, min: number, max: number): number {
    const v = this.raw(flag);
    if (v === undefined) return def;
    const n = Number(v.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max) {
      this.problems.push(`${flag}: expected an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
      return def;
    }
    return n;
  }

  /** A number in [0, 1] (a share or a threshold). */
  fraction(flag: string, def: number): number {
    const v = this.raw(flag);
    if (v === undefined) return def;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
      this.problems.push(`${flag}: expected a number from 0 to 1, got ${JSON.stringify(v)}`);
      return def;
    }
    return n;
  }

  bool(flag: string, def: boolean): boolean {
    const v = this.raw(flag);
    if (v === undefined) return def;
    if (['1', 'true', 'yes'].includes(v)) return true;
    if (['0', 'false', 'no'].includes(v)) return false;
    this.problems.push(`${flag}: expected true or false, got ${JSON.stringify(v)}`);
    return def;
  }

  oneOf<T extends string>(flag: string, def: T, allowed: readonly T[]): T {
    const v = this.raw(flag) ?? def;
    if (!(allowed as readonly string[]).includes(v)) {
      this.problems.push(`${flag}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
      return def;
    }
    return v as T;
  }

  logLevel(flag = 'log-level', def: LogLevel = 'info'): LogLevel {
    return this.oneOf(flag, def, LOG_LEVELS);
  }

  list(flag: string, def = ''): string[] {
    return splitList(this.raw(flag) ?? def);
  }

  /** `500ms`, `90s`, `15m`, `12h`, `30d` → milliseconds. */
  duration(flag: string, def: string): number {
    const v = this.raw(flag) ?? def;
    const m = /^(\d+)(ms|s|m|h|d)$/.exec(v.trim());
    if (!m) {
      this.problems.push(
        `${flag}: expected a duration such as 90s, 15m, 12h or 30d, got ${JSON.stringify(v)}`,
      );
      return 0;
    }
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
      m[2] as 'ms' | 's' | 'm' | 'h' | 'd'
    ];
    return Number(m[1]) * unit;
  }

  /** A URL without its trailing slash, or null when unset. */
  url(flag: string): string | null {
    const v = this.raw(flag);
    if (v === undefined) return null;
    try {
      return new URL(v).toString().replace(/\/$/, '');
    } catch {
      this.problems.push(`${flag}: not a URL: ${JSON.stringify(v)}`);
      return null;
    }
  }
}
