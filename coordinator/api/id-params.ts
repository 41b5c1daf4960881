// Path ids, read once by the route schema (contract IdParams: a UUID) for every route that names a
// resource by id. An id that is not a UUID names nothing, so it is answered with the route's own
// "not found" (docs/api.md, Errors), never a 400; a valid one reaches the handler in its stored
// form (lower case).
import { IdParams } from '../../contract/index.js';
import { type ApiError, crawlNotFound, jobNotFound, sessionNotFound } from '../errors.js';
import { type Parsed, parsedBy } from './schema-validator.js';
import { isUuid } from './validate.js';

/** The id of `raw` params in its stored form, or the route's 404. */
function idOf(raw: unknown, notFound: () => ApiError): string {
  const id = (raw as { id?: unknown } | null | undefined)?.id;
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** `{id}` params answered `notFound` when the id is not a UUID. */
export function idParams(notFound: () => ApiError): Parsed<typeof IdParams, { id: string }> {
  return parsedBy(IdParams, (raw) => ({ id: idOf(raw, notFound) }));
}

/** Jobs, sweeps, batches, measurements, schedules and their event streams: the job's 404. */
export const JobIdParams = idParams(jobNotFound);
/** Session routes: the session's 404 (in their `{error}` shape). */
export const SessionIdParams = idParams(sessionNotFound);
/** Site crawls and maps. */
export const CrawlIdParams = idParams(crawlNotFound);
