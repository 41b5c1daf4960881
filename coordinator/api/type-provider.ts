// Request types from the route schemas: `req.body`, `req.params` and `req.query` are the Static<>
// of their contract schema. Answers stay untyped here: they are built by results/views.ts and
// checked against the response schemas by test/integration/openapi.test.ts instead.
import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

export interface ContractTypes extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: unknown;
}
