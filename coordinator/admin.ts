// Admin command: API keys and device tokens. Secrets are printed once, at creation, never stored.
//   npm run admin -- key create [--name N] [--owner OWNER_ID] [--admin]
//   npm run admin -- key list | key revoke ID
//   npm run admin -- key limits ID [--requests-per-minute N] [--jobs-per-day N] [--concurrent-jobs N]
//                                  [--sweeps-per-day N]      (0 or none removes a limit)
//                                  [--proxy-bytes-per-day N] [--proxy-connections-per-day N]
//                                  [--verification on|off]   (off: the key's jobs are never re-run to check devices)
//                                  [--crawl-robots optional|required] (optional: its site crawls may ignore robots.txt)
//   npm run admin -- device create [--id ID] [--name N] | device list | device revoke ID
//   npm run admin -- webhook set OWNER_ID [--url U|--url none] [--events a,b] [--rotate]
//     (the key's default webhook; its signing secret is printed once, when made)
// Store location: --store / CRAWL_STORE or --data-dir / CRAWL_DATA_DIR, as for the coordinator.
import {
  createApiKey,
  createDevice,
  describeLimits,
  setDefaultWebhook,
  setKeyLimits,
} from './auth/admin-ops.js';
import { ConfigError, loadCoordinatorConfig, parseFlags } from './config.js';
import { openStore } from './store/open.js';

const USAGE = `usage: npm run admin -- COMMAND
  key create [--name N] [--owner OWNER_ID] [--admin]
      --admin: the key may also read the fleet (GET /crawl/v1/devices) and open the dashboard
  key list | key revoke ID
  key limits ID [--requests-per-minute N] [--jobs-per-day N] [--concurrent-jobs N] [--sweeps-per-day N]
                [--proxy-bytes-per-day N] [--proxy-connections-per-day N] (0 or none removes a limit)
                [--verification on|off] [--crawl-robots optional|required]
  device create [--id ID] [--name N] | device list | device revoke ID
  webhook set OWNER_ID [--url U|--url none] [--events a,b] [--rotate]
The store: --store / CRAWL_STORE, or --data-dir / CRAWL_DATA_DIR (default ./data), as the coordinator's.
`;

/** The commands, as KIND ACTION, and whether each needs a target. */
const COMMANDS: Readonly<Record<string, boolean>> = {
  'key create': false,
  'key list': false,
  'key limits': true,
  'key revoke': true,
  'device create': false,
  'device list': false,
  'device revoke': true,
  'webhook set': true,
};

const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
const [kind, action, target] = positional;
const flags = parseFlags(args);
// Help, or a command that is not one, is answered before the store is opened: it creates nothing.
if (args.some((a) => a === '--help' || a === '-h') || kind === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
const needsTarget = COMMANDS[`${kind} ${action}`];
if (needsTarget === undefined || (needsTarget && !target)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
let config: ReturnType<typeof loadCoordinatorConfig>;
try {
  config = loadCoordinatorConfig(
    args.filter((a) => a.startsWith('--store') || a.startsWith('--data-dir') || !a.startsWith('--')),
    process.env,
  );
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(2);
}
const out = (line: string) => process.stdout.write(`${line}\n`);
const store = await openStore(config.store);
let code = 0;
try {
  if (kind === 'key' && action === 'create') {
    const { key, record } = await createApiKey(store, {
      name: flags.name,
      ownerId: flags.owner,
      admin: flags.admin === 'true',
    });
    out(`key id:   ${record.id}\nowner id: ${record.ownerId}\napi key:  ${key}\n(shown once: store it now)`);
  } else if (kind === 'key' && action === 'list') {
    for (const k of await store.listApiKeys()) {
      out(
        `${k.id}  owner=${k.ownerId}  name=${k.name}${k.admin ? '  admin' : ''}  ${k.revokedAt ? `revoked ${k.revokedAt}` : 'active'}  ${describeLimits(k.limits)}`,
      );
    }
  } else if (kind === 'key' && action === 'limits' && target) {
    const res = await setKeyLimits(store, target, flags);
    if ('error' in res) {
      process.stderr.write(`${res.error}\n`);
      code = 1;
    } else {
      out(`limits of ${target}: ${describeLimits(res.limits)} (in force within --key-cache-ms)`);
    }
  } else if (kind === 'key' && action === 'revoke' && target) {
    code = (await store.revokeApiKey(target, new Date().toISOString())) ? 0 : 1;
    out(code === 0 ? `revoked ${target}` : `no active key ${target}`);
  } else if (kind === 'device' && action === 'create') {
    const { token, record } = await createDevice(store, { id: flags.id, name: flags.name });
    out(`device id:    ${record.id}\ndevice token: ${token}\n(shown once: put it in the agent's env file)`);
  } else if (kind === 'device' && action === 'list') {
    for (const d of await store.listDevices()) {
      out(
        `${d.id}  name=${d.name}  last seen ${d.lastSeenAt ?? 'never'}  ${d.revokedAt ? `revoked ${d.revokedAt}` : 'active'}`,
      );
    }
  } else if (kind === 'device' && action === 'revoke' && target) {
    code = (await store.revokeDevice(target, new Date().toISOString())) ? 0 : 1;
    out(code === 0 ? `revoked ${target}` : `no active device ${target}`);
  } else if (kind === 'webhook' && action === 'set' && target) {
    const hook = await setDefaultWebhook(store, target, {
      url: flags.url === undefined ? undefined : flags.url === 'none' ? null : flags.url,
      events: flags.events === undefined ? undefined : flags.events.split(',').filter(Boolean),
      rotateSecret: flags.rotate === 'true',
    });
    out(
      `owner id: ${target}\nurl:      ${hook.url ?? '(none)'}\nevents:   ${hook.events.join(',') || '(all)'}`,
    );
    if (hook.secret)
      out(`secret:   ${hook.secret}\n(shown once: give it to the receiver to verify signatures)`);
  } else {
    process.stderr.write(USAGE);
    code = 2;
  }
} finally {
  await store.close();
}
process.exit(code);
