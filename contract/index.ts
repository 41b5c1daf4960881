// The public HTTP contract as JSON Schema (TypeBox): the coordinator validates and documents its
// routes with these, and a client can type its calls with them. Imports neither agent/ nor coordinator/.
export * from './common.js';
export * from './jobs.js';
export * from './push.js';
export * from './sessions.js';
export * from './sweeps.js';
