// Runs a system measurement tool (ping, traceroute, mtr): execFile without a shell, a hard time
// limit, the job's abort signal, and output kept up to MEASURE_RESULT_LIMITS.maxRawBytes.
import { execFile } from 'node:child_process';
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { JobError } from '../../errors.js';

export interface ToolRun {
  stdout: string;
  stderr: string;
  /** Exit code; null when the process was killed (time limit, abort, output limit). */
  exitCode: number | null;
  timedOut: boolean;
  /** The output passed the limit and the process was stopped there. */
  truncated: boolean;
}

export interface ToolOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Default MEASURE_RESULT_LIMITS.maxRawBytes. */
  maxBytes?: number;
}

/** Resolves once the process ended, whatever its exit; rejects only when it could not start or was aborted. */
export function runTool(file: string, args: readonly string[], options: ToolOptions): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxBytes ?? MEASURE_RESULT_LIMITS.maxRawBytes,
        encoding: 'utf8',
        // `file` is an absolute path (probe.ts); the tools print numbers the parsers read, so no
        // localised decimal commas.
        env: { LC_ALL: 'C' },
        ...(options.signal ? { signal: options.signal } : {}),
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        if (!err) {
          resolve({ stdout, stderr, exitCode: 0, timedOut: false, truncated: false });
          return;
        }
        if (options.signal?.aborted) {
          reject(options.signal.reason);
          return;
        }
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EACCES') {
          reject(err);
          return;
        }
        const truncated = code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
        resolve({
          stdout,
          stderr,
          exitCode: typeof code === 'number' ? code : null,
          timedOut: err.killed === true && !truncated,
          truncated,
        });
      },
    );
  });
}

/** A tool that ran but measured nothing: `connect`, with the start of what it said. */
export function toolFailed(name: string, run: Pick<ToolRun, 'stdout' | 'stderr'>, cause?: unknown): JobError {
  const said = (run.stderr || run.stdout).trim().slice(0, 300);
  return new JobError('connect', `${name} failed: ${said}`, cause === undefined ? undefined : { cause });
}
