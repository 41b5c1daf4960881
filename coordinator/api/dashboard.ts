// The fleet dashboard: /dashboard (the page, or the login form), /dashboard/login and /logout,
// /dashboard/data.json (what the page draws), /dashboard/assets/* (its script and styles, shipped
// in the repository). Admin keys only; see dashboard/auth.ts for how the browser carries the key.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hashSecret } from '../auth/secrets.js';
import { Activity } from '../dashboard/activity.js';
import { adminKey, clearSessionCookie, requestKey, setSessionCookie } from '../dashboard/auth.js';
import { fleetView } from '../dashboard/fleet-view.js';
import { fleetPage, loginPage, PAGE_HEADERS } from '../dashboard/page.js';
import { forbidden, unauthorized } from '../errors.js';
import type { Services } from '../services.js';

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  'dashboard.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('../dashboard/assets/dashboard.js', import.meta.url)),
  },
  'dashboard.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('../dashboard/assets/dashboard.css', import.meta.url)),
  },
};

/** A login form body is one key: anything bigger is not one. */
const MAX_FORM_BYTES = 2_048;

const hidden = { schema: { hide: true } };

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .headers(PAGE_HEADERS)
    .type('text/html; charset=utf-8')
    .serializer((x: unknown) => String(x))
    .send(body);
}

export async function registerDashboardRoutes(base: FastifyInstance, services: Services): Promise<void> {
  const activity = new Activity();
  const off = services.jobs.addListener(activity);
  base.addHook('onClose', async () => off());
  const secure = () => services.edgeUrl().startsWith('https:');

  await base.register(async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
      (_req, body, done) => done(null, new URLSearchParams(String(body))),
    );

    app.get<{ Querystring: { key?: string } }>('/dashboard', hidden, async (req, reply) => {
      const given = typeof req.query.key === 'string' ? req.query.key : undefined;
      if (given !== undefined) {
        // A link carrying the key: swap it for the cookie and take it out of the address bar.
        const key = await adminKey(services, given);
        if (!key) return html(reply, 401, loginPage('not-admin'));
        setSessionCookie(reply, given, secure());
        return reply.code(303).header('location', '/dashboard').header('cache-control', 'no-store').send();
      }
      if (!(await adminKey(services, requestKey(req)))) return html(reply, 200, loginPage());
      return html(reply, 200, fleetPage());
    });

    app.post('/dashboard/login', hidden, async (req, reply) => {
      const form = req.body instanceof URLSearchParams ? req.body : null;
      const given = form?.get('key')?.trim() ?? '';
      if (!(await adminKey(services, given))) return html(reply, 401, loginPage('not-admin'));
      setSessionCookie(reply, given, secure());
      return reply.code(303).header('location', '/dashboard').header('cache-control', 'no-store').send();
    });

    app.post('/dashboard/logout', hidden, async (_req, reply) => {
      clearSessionCookie(reply);
      return html(reply, 200, loginPage('signed-out'));
    });

    app.get('/dashboard/data.json', hidden, async (req, reply) => {
      const key = requestKey(req);
      if (!key) throw unauthorized();
      if (!(await adminKey(services, key))) {
        // A valid key that is not an admin one is told so; anything else is unknown.
        const any = key.length <= 512 ? await services.keys.find(hashSecret(key)) : null;
        throw any ? forbidden() : unauthorized();
      }
      reply.header('cache-control', 'no-store');
      return fleetView(services, activity);
    });

    app.get<{ Params: { name: string } }>('/dashboard/assets/:name', hidden, async (req, reply) => {
      const asset = ASSETS[req.params.name];
      if (!asset) {
        return reply
          .code(404)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify('not found: no such endpoint'));
      }
      return reply
        .type(asset.type)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(asset.body);
    });
  });
}
