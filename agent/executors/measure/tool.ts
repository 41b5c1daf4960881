// Runs a system measurement tool (ping, traceroute, mtr): execFile without a shell, a hard time
// limit, the job's abort signal, and output kept up to MEASURE_RESULT_LIMITS.maxRawBytes.
import { execFile } from 'node:child_process';
import { MEASURE_RESULT_LIMITS } from '../../../proto/index.js';
import { JobError, ToolStartError } from '../../errors.js';

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

/**
 * Resolves once the process ended, whatever its exit; rejects with the abort reason when aborted,
 * and with a ToolStartError when the process could not start. Never throws synchronously.
 */
export function runTool(file: string, args: readonly string[], options: ToolOptions): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const ended = (err: Error | null, stdout: string, stderr: string) => {
      if (!err) {
        resolve({ stdout, stderr, exitCode: 0, timedOut: false, truncated: false });
        return;
      }
      if (options.signal?.aborted) {
        reject(options.signal.reason);
        return;
      }
      const failure = err as NodeJS.ErrnoException & { killed?: boolean };
      if (typeof failure.code === 'string' && failure.syscall?.startsWith('spawn')) {
        reject(new ToolStartError(file, err));
        return;
      }
      const truncated = failure.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
      resolve({
        stdout,
        stderr,
        exitCode: typeof failure.code === 'number' ? failure.code : null,
        timedOut: failure.killed === true && !truncated,
        truncated,
      });
    };
    try {
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
        ended,
      );
    } catch (err) {
      // spawn throws at once for EPERM (and other errors libuv does not defer).
      reject(new ToolStartError(file, err));
    }
  });
}

/** A tool that ran but measured nothing: `connect`, with the start of what it said. */
export function toolFailed(name: string, run: Pick<ToolRun, 'stdout' | 'stderr'>, cause?: unknown): JobError {
  const said = (run.stderr || run.stdout).trim().slice(0, 300);
  return new JobError('connect', `${name} failed: ${said}`, cause === undefined ? undefined : { cause });
}
