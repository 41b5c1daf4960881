// The coordinator's tracing, from its config: null settings → undefined (off, nothing loaded).
import type { Logger } from 'pino';
import { openTracing } from '../../common/tracing/tracer.js';
import type { CoordinatorConfig } from '../config.js';
import { JobTracing } from './job-tracing.js';

export async function openJobTracing(
  config: Readonly<CoordinatorConfig>,
  log: Logger,
): Promise<JobTracing | undefined> {
  const tracing = await openTracing(config.tracing, {
    attributes: { 'service.instance.id': config.coordinatorId, 'crawl.coordinator.id': config.coordinatorId },
    log: log.child({ component: 'tracing' }),
  });
  if (!tracing) return undefined;
  log.info(
    { endpoint: config.tracing.otlpEndpoint, sampleRatio: config.tracing.sampleRatio },
    'exporting traces',
  );
  return new JobTracing(tracing);
}
