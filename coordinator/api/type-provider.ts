// Request types from the route schemas: `req.body`, `req.params` and `req.query` are what the
// part's parser returns (a schema made with parsedBy), or else the Static<> of its contract schema.
// Answers stay untyped here: they are built by results/views.ts and checked against the response
// schemas by test/integration/openapi.test.ts instead.
import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { PARSE } from './schema-validator.js';

export interface ContractTypes extends FastifyTypeProvider {
  validator: this['schema'] extends { readonly [PARSE]: (raw: unknown) => infer T }
    ? T
    : this['schema'] extends TSchema
      ? Static<this['schema']>
      : unknown;
  serializer: unknown;
}
