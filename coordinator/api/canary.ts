// The canary target (docs/security.md): devices fetch it like any page; its answer holds a keyed
// hash of the nonce in the URL, which the coordinator checks in the device's result. Not part of the
// client API (hidden from the OpenAPI document); no key, since devices fetch it as strangers would.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { CANARY_PATH, canaryAnswer, isNonce } from '../trust/canary-token.js';

export function registerCanaryRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { nonce: string } }>(
    `${CANARY_PATH}/:nonce`,
    { schema: { hide: true } },
    async (req, reply) => {
      const { nonce } = req.params;
      reply.header('cache-control', 'no-store');
      if (!isNonce(nonce)) {
        return reply
          .code(404)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify('not found: no such endpoint'));
      }
      return reply
        .type('text/plain; charset=utf-8')
        .send(canaryAnswer(services.config.trust.canarySecret, nonce));
    },
  );
}
