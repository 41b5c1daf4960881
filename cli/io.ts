// What a CLI run may touch: its streams, environment, files and an interrupt signal. main.ts builds
// the real one; everything else takes it as a parameter, so no module reads process.* directly.

export interface OutStream {
  write(chunk: string | Uint8Array): unknown;
  /** True when the stream is a terminal. */
  isTTY?: boolean;
}

export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory (for the default profile file). */
  homeDir: string;
  /** Aborts on the first Ctrl-C (SIGINT). */
  interrupt: AbortSignal;
  readFile(path: string): Promise<Buffer>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Adds to the end of a file, making it if need be (result indexes); absent: read and rewrite it. */
  appendFile?(path: string, data: string): Promise<void>;
  /** Makes a folder and its parents (`crawl site -o DIR`); absent: the folder must exist. */
  makeDir?(path: string): Promise<void>;
  /** The raw streams, for `crawl mcp` (a protocol on stdin/stdout); absent in embedded runs. */
  stdio?: { stdin: import('node:stream').Readable; stdout: import('node:stream').Writable };
}

/** Exit codes, documented in docs/client.md. */
export const EXIT = {
  ok: 0,
  /** The job (or sweep) ended in failure: status failed, or the target gave no answer. */
  jobFailed: 1,
  usage: 2,
  /** The coordinator refused the request or could not be reached. */
  apiError: 3,
  /** `get`: the job ran, but its device could not reach the target (dns, connect, tls, timeout). */
  unreachable: 4,
  /** Ctrl-C: the job keeps running on the coordinator. */
  interrupted: 130,
} as const;

/** A usage problem found after parsing (bad flag value, missing URL or key): exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'usage';
}
