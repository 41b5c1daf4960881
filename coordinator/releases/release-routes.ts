// Releases over HTTP (docs/operations.md, releases). Admin keys: publish a bundle, list releases,
// set the rollout, pin a device's version. Devices (their own token, as on the link): download a
// release's bundle.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authHook } from '../api/auth.js';
import { bearer, hashSecret } from '../auth/secrets.js';
import { ApiError, forbidden, invalid, unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import { ReleaseError, type ReleaseService } from './release-service.js';

const hidden = { hide: true } as const;

function apiError(err: unknown): unknown {
  if (!(err instanceof ReleaseError)) return err;
  if (err.code === 'RELEASE_INVALID') return invalid(err.message);
  return new ApiError(
    err.code,
    `${err.code === 'RELEASE_NOT_FOUND' ? 'not found' : 'conflict'}: ${err.message}`,
  );
}

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

export async function registerReleaseRoutes(
  base: FastifyInstance,
  services: Services,
  releases: ReleaseService,
): Promise<void> {
  await base.register(async (admin) => {
    admin.addHook('preValidation', authHook(services));
    admin.addHook('preValidation', async (req) => {
      if (!req.apiKey.admin) throw forbidden();
    });
    // The bundle arrives as a stream: the release service hashes it on its way to storage.
    admin.addContentTypeParser(['application/octet-stream', 'application/gzip'], (_req, payload, done) =>
      done(null, payload),
    );

    admin.put<{ Params: { version: string } }>(
      '/crawl/v1/admin/releases/:version',
      { schema: hidden },
      async (req, reply) => {
        const body = req.body as Readable | undefined;
        if (!body || typeof (body as Readable).pipe !== 'function')
          throw invalid('the bundle must be sent as application/octet-stream');
        try {
          const { release, created } = await releases.publish({
            version: req.params.version,
            digest: header(req, 'x-release-digest'),
            signature: header(req, 'x-release-signature'),
            body,
          });
          return reply.code(created ? 201 : 200).send({
            version: release.version,
            digest: release.digest,
            size_bytes: release.sizeBytes,
            created_at: release.createdAt,
          });
        } catch (err) {
          throw apiError(err);
        }
      },
    );

    admin.get('/crawl/v1/admin/releases', { schema: hidden }, async () => releases.view());

    admin.put<{ Body: { version?: unknown; percent?: unknown } }>(
      '/crawl/v1/admin/rollout',
      { schema: hidden },
      async (req) => {
        const { version, percent } = req.body ?? {};
        if (typeof version !== 'string' || typeof percent !== 'number')
          throw invalid('body must be {"version": string, "percent": number}');
        try {
          const r = await releases.setRollout(version, percent);
          return { version: r.version, percent: r.percent, updated_at: r.updatedAt };
        } catch (err) {
          throw apiError(err);
        }
      },
    );

    admin.put<{ Params: { id: string }; Body: { version?: unknown } }>(
      '/crawl/v1/admin/devices/:id/agent-version',
      { schema: hidden },
      async (req) => {
        const version = req.body?.version;
        if (typeof version !== 'string') throw invalid('body must be {"version": string}');
        try {
          await releases.pin(req.params.id, version);
          return { device_id: req.params.id, version };
        } catch (err) {
          throw apiError(err);
        }
      },
    );

    admin.delete<{ Params: { id: string } }>(
      '/crawl/v1/admin/devices/:id/agent-version',
      { schema: hidden },
      async (req) => {
        await releases.pin(req.params.id, null);
        return { device_id: req.params.id, version: null };
      },
    );
  });

  // A device downloads with its own token (the one its link is authenticated with).
  base.get<{ Params: { version: string } }>(
    '/agent/v1/releases/:version/bundle',
    { schema: hidden },
    async (req, reply) => {
      const token = bearer(req.headers.authorization);
      const device = token ? await services.store.findDeviceByTokenHash(hashSecret(token)) : null;
      if (!device || device.revokedAt) throw unauthorized();
      const found = await releases.openBundle(req.params.version);
      if (!found) throw apiError(new ReleaseError('RELEASE_NOT_FOUND', `no release ${req.params.version}`));
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(found.release.sizeBytes))
        .header('x-release-digest', found.release.digest)
        .send(found.body);
    },
  );
}
