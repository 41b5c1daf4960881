// A JobLifecycle of coordinator c1 over `store` for unit tests that drive it without a coordinator:
// three attempts, a queue of 100, a minute's lease and running grace, nothing logged.
import pino from 'pino';
import { JobLifecycle } from '../../coordinator/jobs/job-lifecycle.js';

type Options = ConstructorParameters<typeof JobLifecycle>[0];

export function testLifecycle(store: Options['store'], overrides: Partial<Options> = {}): JobLifecycle {
  return new JobLifecycle({
    store,
    log: pino({ enabled: false }),
    maxAttempts: 3,
    maxQueuedJobs: 100,
    runningGraceMs: 60_000,
    coordinatorId: 'c1',
    leaseMs: 60_000,
    ...overrides,
  });
}
