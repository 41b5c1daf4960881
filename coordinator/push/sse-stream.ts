// One server-sent event stream: replays the event log after Last-Event-ID, then follows it. Woken
// by events written here, by other coordinators' job_terminal notices, and by a poll (another
// coordinator's event write can land after its notice). Heartbeat comments keep proxies from
// closing an idle stream. A job's or sweep's stream ends after its final event.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventFilter, PushEventRecord, PushStore } from '../store/push-types.js';

export interface StreamOptions {
  store: PushStore;
  /** Subscribes to "something may have been written"; returns the unsubscribe. */
  onWake: (fn: () => void) => () => void;
  heartbeatMs: number;
  /** Fallback look at the store. */
  pollMs: number;
  filter: Omit<EventFilter, 'afterSeq' | 'limit'>;
  /** True for the event after which the stream ends (none for the all-jobs stream). */
  isFinal?: (event: PushEventRecord) => boolean;
  /** Ends the stream (the coordinator is closing). */
  signal: AbortSignal;
  /** Whether the final event was already sent before `afterSeq` (a resume after the end). */
  finishedBefore?: (afterSeq: number) => Promise<boolean>;
}

const PAGE = 500;

/** The Last-Event-ID header (or `?last_event_id=`) as a sequence number; 0 when absent or unusable. */
export function lastEventId(req: FastifyRequest): number {
  const header = req.headers['last-event-id'];
  const query = (req.query as Record<string, unknown> | undefined)?.last_event_id;
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  // Up to 2^53: PostgreSQL's seqs carry their transaction's id (store/postgres/push-store.ts).
  const n = /^\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : 0;
  return Number.isSafeInteger(n) ? n : 0;
}

export async function streamEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: StreamOptions,
): Promise<void> {
  let afterSeq = lastEventId(req);
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  if (opts.finishedBefore && (await opts.finishedBefore(afterSeq))) {
    raw.end();
    return;
  }

  let closed = false;
  let reading = false;
  let again = false;
  let wake: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      closed = true;
      resolve();
    };
    req.raw.on('close', finish);
    raw.on('close', finish);
    raw.on('error', finish);
    if (opts.signal.aborted) finish();
    else opts.signal.addEventListener('abort', finish, { once: true });
    wake = () => {
      if (closed) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      pump()
        .catch(() => {
          // A store error ends the stream; the client resumes with Last-Event-ID.
          raw.end();
          finish();
        })
        .finally(() => {
          reading = false;
          if (again && !closed) {
            again = false;
            wake();
          }
        });
    };
  });

  const pump = async (): Promise<void> => {
    for (;;) {
      const events = await opts.store.listEvents({ ...opts.filter, afterSeq, limit: PAGE });
      for (const e of events) {
        raw.write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${e.payload}\n\n`);
        afterSeq = e.seq;
        if (opts.isFinal?.(e)) {
          raw.end();
          closed = true;
          return;
        }
      }
      if (events.length < PAGE || closed) return;
    }
  };

  const off = opts.onWake(wake);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), opts.heartbeatMs);
  const poll = setInterval(wake, opts.pollMs);
  wake();
  try {
    await done;
  } finally {
    off();
    clearInterval(heartbeat);
    clearInterval(poll);
    if (!raw.writableEnded) raw.end();
  }
}
