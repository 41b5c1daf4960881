// Cutting and shipping agent releases (docs/operations.md, releases).
//   tsx scripts/release.ts keygen --out DIR
//   tsx scripts/release.ts pack --dir DIR --version V --entry FILE [--node-arg ARG]... --out BUNDLE
//   tsx scripts/release.ts sign --key KEY.pem --version V --bundle BUNDLE     (writes BUNDLE.release.json)
//   tsx scripts/release.ts publish --coordinator URL --bundle BUNDLE [--manifest M]
//   tsx scripts/release.ts rollout --coordinator URL --version V --percent P
//   tsx scripts/release.ts pin --coordinator URL --device ID (--version V | --unpin)
//   tsx scripts/release.ts status --coordinator URL
// The coordinator calls take an admin API key from CRAWL_API_KEY or --api-key.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  generateReleaseKey,
  packBundle,
  pinDevice,
  publicKeyOf,
  publishRelease,
  type ReleaseManifest,
  releaseStatus,
  setRollout,
  signRelease,
} from './release-tools.js';

const USAGE = `usage: tsx scripts/release.ts COMMAND
  keygen --out DIR                       a release key: DIR/release-key.pem (private) and release-key.pub
  pack --dir DIR --version V --entry FILE [--node-arg ARG]... --out BUNDLE.tar.gz
  sign --key KEY.pem --version V --bundle BUNDLE.tar.gz      writes BUNDLE.tar.gz.release.json
  publish --coordinator URL --bundle BUNDLE.tar.gz [--manifest BUNDLE.tar.gz.release.json]
  rollout --coordinator URL --version V --percent P
  pin --coordinator URL --device ID (--version V | --unpin)
  status --coordinator URL
Coordinator calls need an admin API key: CRAWL_API_KEY or --api-key.
`;

const [command, ...rest] = process.argv.slice(2);
const flags = new Map<string, string[]>();
for (let i = 0; i < rest.length; i++) {
  const a = rest[i] ?? '';
  if (!a.startsWith('--')) continue;
  const next = rest[i + 1];
  const value = next !== undefined && !next.startsWith('--') ? next : 'true';
  if (value !== 'true') i++;
  flags.set(a.slice(2), [...(flags.get(a.slice(2)) ?? []), value]);
}
const opt = (name: string): string | undefined => flags.get(name)?.at(-1);
function need(name: string): string {
  const v = opt(name);
  if (!v) fail(`--${name} is required`);
  return v;
}
function fail(message: string): never {
  process.stderr.write(`release: ${message}\n${USAGE}`);
  process.exit(2);
}
// Read once here, as the CLI's other settings are: this script's only environment variable.
const apiKey = (): string =>
  opt('api-key') ?? process.env.CRAWL_API_KEY ?? fail('an admin API key is required');
const out = (value: unknown) =>
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}\n`);

switch (command) {
  case 'keygen': {
    const dir = need('out');
    await mkdir(dir, { recursive: true });
    const key = generateReleaseKey();
    const pem = path.join(dir, 'release-key.pem');
    await writeFile(pem, key.privateKeyPem, { mode: 0o600, flag: 'wx' });
    await chmod(pem, 0o600);
    await writeFile(path.join(dir, 'release-key.pub'), `${key.publicKey}\n`);
    out(
      `private key: ${pem} (keep it offline)\npublic key (install agents with --release-key): ${key.publicKey}`,
    );
    break;
  }
  case 'pack': {
    const bundle = await packBundle(need('dir'), {
      version: need('version'),
      entry: need('entry'),
      nodeArgs: flags.get('node-arg') ?? [],
    });
    await writeFile(need('out'), bundle);
    out(`${need('out')}: ${bundle.length} bytes`);
    break;
  }
  case 'sign': {
    const bundlePath = need('bundle');
    const pem = await readFile(need('key'), 'utf8');
    const manifest = signRelease(await readFile(bundlePath), need('version'), pem);
    await writeFile(`${bundlePath}.release.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    out({ ...manifest, publicKey: publicKeyOf(pem) });
    break;
  }
  case 'publish': {
    const bundlePath = need('bundle');
    const manifest = JSON.parse(
      await readFile(opt('manifest') ?? `${bundlePath}.release.json`, 'utf8'),
    ) as ReleaseManifest;
    out(await publishRelease(need('coordinator'), apiKey(), await readFile(bundlePath), manifest));
    break;
  }
  case 'rollout': {
    const percent = Number(need('percent'));
    if (!Number.isFinite(percent)) fail('--percent must be a number from 0 to 100');
    out(await setRollout(need('coordinator'), apiKey(), need('version'), percent));
    break;
  }
  case 'pin': {
    const unpin = opt('unpin') === 'true';
    if (!unpin && !opt('version')) fail('pin needs --version V or --unpin');
    out(await pinDevice(need('coordinator'), apiKey(), need('device'), unpin ? null : need('version')));
    break;
  }
  case 'status':
    out(await releaseStatus(need('coordinator'), apiKey()));
    break;
  default:
    if (command === undefined || command === 'help' || command === '--help') {
      process.stdout.write(USAGE);
      break;
    }
    fail(`unknown command: ${command}`);
}
