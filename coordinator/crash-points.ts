// Crash points, for tests and labs only (--crash-after, docs/operations.md): the coordinator kills
// itself with SIGKILL right after the n-th committed store write of a named kind, so a test can show
// what a crash between two writes leaves behind (test/integration/group-crash.test.ts). Nothing is
// wrapped unless the flag is set. The points are the writes a group of jobs goes through:
// - `group-stored`: a group (batch, measurement, crawl) and its jobs stored, before any Assign is sent;
// - `members-added`: new members of a running crawl (its pages) stored, before any Assign is sent;
// - `member-ended`: a job's terminal write (completed or failed) committed, before its event;
// - `group-ended`: a crawl's end stamped on it and its group, before its event;
// - `event-written`: a push event stored (a job's, a group's completion), before the next write.
import type { GroupEnd, GroupMember, NewGroup } from './store/group-types.js';
import type { NewPushEvent } from './store/push-types.js';
import type { ResultRecord } from './store/records.js';
import type { CompleteOutcome, Store } from './store/types.js';

export const CRASH_POINTS = [
  'group-stored',
  'members-added',
  'member-ended',
  'group-ended',
  'event-written',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** `point:n[,point:n…]` → the count at which each point kills the process; an error message otherwise. */
export function parseCrashAfter(text: string): Map<CrashPoint, number> | string {
  const out = new Map<CrashPoint, number>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z-]+):(\d{1,6})$/.exec(part);
    const point = m?.[1] as CrashPoint | undefined;
    const n = Number(m?.[2]);
    if (!point || !CRASH_POINTS.includes(point) || !(n >= 1)) {
      return `--crash-after: "${part}" is not point:n with a point of ${CRASH_POINTS.join(', ')} and n ≥ 1`;
    }
    out.set(point, n);
  }
  return out;
}

/** The store, its writes counted: the n-th commit of a named point kills the process at once. */
export function crashingStore(store: Store, after: ReadonlyMap<CrashPoint, number>): Store {
  const seen = new Map<CrashPoint, number>();
  const passed = (point: CrashPoint): void => {
    const n = (seen.get(point) ?? 0) + 1;
    seen.set(point, n);
    if (after.get(point) === n) process.kill(process.pid, 'SIGKILL');
  };
  const groups = withOverrides(store.groups, {
    insertGroup: async (group: NewGroup, members: readonly GroupMember[]) => {
      await store.groups.insertGroup(group, members);
      passed('group-stored');
    },
    addMembers: async (groupId: string, members: readonly GroupMember[]) => {
      const added = await store.groups.addMembers(groupId, members);
      if (added) passed('members-added');
      return added;
    },
    finishGroup: async (end: GroupEnd) => {
      const ended = await store.groups.finishGroup(end);
      if (ended) passed('group-ended');
      return ended;
    },
  });
  const push = withOverrides(store.push, {
    appendEvent: async (event: NewPushEvent) => {
      const stored = await store.push.appendEvent(event);
      if (stored) passed('event-written');
      return stored;
    },
  });
  const overrides: Partial<Record<keyof Store, unknown>> = {
    groups,
    push,
    completeJob: async (id: string, result: ResultRecord, at: string): Promise<CompleteOutcome> => {
      const out = await store.completeJob(id, result, at);
      if (out === 'stored') passed('member-ended');
      return out;
    },
    failJob: async (...args: Parameters<Store['failJob']>): Promise<boolean> => {
      const failed = await store.failJob(...args);
      if (failed) passed('member-ended');
      return failed;
    },
  };
  return withOverrides(store, overrides);
}

/** `target` with some members replaced; everything else is its own, called on it (not on the proxy). */
function withOverrides<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (Object.hasOwn(overrides, prop)) return overrides[prop as keyof T];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}
