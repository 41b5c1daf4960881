// The public HTTP contract as JSON Schema (TypeBox): the coordinator validates and documents its
// routes with these, and a client can type its calls with them. Imports neither agent/ nor coordinator/.
// Narrower shapes of the parts the route schemas leave open, for typed clients (answers.ts).
export * from './answers.js';
// Batch submission (POST /crawl/v1/batch/new, GET /crawl/v1/batch/{id}).
export * from './batch.js';
export * from './common.js';
export * from './crawl.js';
// The Globalping-compatible facade's request (POST /v1/measurements).
export * from './globalping.js';
export * from './jobs.js';
// Network measurements.
export * from './measure.js';
export * from './ops.js';
export * from './page.js';
export * from './push.js';
export * from './schedules.js';
export * from './sessions.js';
export * from './sweeps.js';
