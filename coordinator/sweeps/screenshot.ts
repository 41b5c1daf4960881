// A job's screenshot PNG, for the sweep's screenshot links and the report page's thumbnails.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { archived, internal, noScreenshot, notCompleted } from '../errors.js';
import { partName } from '../results/content.js';
import type { CoreServices } from '../services.js';
import { contentKey } from '../storage/types.js';
import type { JobRecord } from '../store/records.js';

/** The stored screenshot of a completed job; the contract's 409/410, or 404 when it has none. */
export async function screenshotStream(services: CoreServices, job: JobRecord): Promise<Readable> {
  if (job.status !== 'completed' || !job.result) throw notCompleted();
  if (job.archivedAt) throw archived();
  if (job.result.parts.screenshot === undefined) throw noScreenshot();
  const storage = services.storage(job.storageType);
  if (!storage) throw internal(new Error(`storage ${job.storageType} not configured`));
  const stream = await storage.getStream(
    contentKey(job.ownerId, job.id, partName(job.result.attempt, 'screenshot')),
  );
  if (!stream) throw noScreenshot();
  return stream;
}

export function sendPng(reply: FastifyReply, png: Readable): FastifyReply {
  // A finished job's screenshot never changes; it is private to whoever may see the job.
  return reply
    .header('cache-control', 'private, max-age=3600, immutable')
    .header('x-content-type-options', 'nosniff')
    .type('image/png')
    .send(png);
}
