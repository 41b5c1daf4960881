// What scripts/release.ts does, as functions (tests call them too): release keys, packing a folder
// into a bundle, signing it, and the coordinator's admin calls that publish and roll it out.
// docs/operations.md, releases.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleDigest, packTarGz } from '../agent/upgrade/tar.js';
import { BUNDLE_MANIFEST_FILE, isReleaseVersion, releaseSignedMessage } from '../proto/index.js';

/** What `sign` writes beside a bundle and `publish` sends with it. */
export interface ReleaseManifest {
  version: string;
  digest: string;
  /** Ed25519 signature over (version, digest), base64. */
  signature: string;
}

export interface ReleaseKeyPair {
  /** PKCS#8 PEM: keep it offline, readable by the release manager only. */
  privateKeyPem: string;
  /** The base64 of the 32 raw bytes: what agents are installed with (--release-key). */
  publicKey: string;
}

export function generateReleaseKey(): ReleaseKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: rawPublicKey(publicKey),
  };
}

function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  return Buffer.from(String(jwk.x), 'base64url').toString('base64');
}

/** The public key (base64 raw) of a private key PEM. */
export function publicKeyOf(privateKeyPem: string): string {
  return rawPublicKey(createPublicKey(createPrivateKey(privateKeyPem)));
}

/**
 * Writes `crawl-release.json` into `dir` (the version and how the launcher starts it) and packs
 * the folder into a .tar.gz.
 */
export async function packBundle(
  dir: string,
  manifest: { version: string; entry: string; nodeArgs?: string[] },
): Promise<Buffer> {
  if (!isReleaseVersion(manifest.version)) throw new Error(`not a release version: ${manifest.version}`);
  await writeFile(
    path.join(dir, BUNDLE_MANIFEST_FILE),
    `${JSON.stringify({ version: manifest.version, entry: manifest.entry, nodeArgs: manifest.nodeArgs ?? [] }, null, 2)}\n`,
  );
  return packTarGz(dir);
}

/** The release manifest of a bundle: its digest, signed with the release key together with the version. */
export function signRelease(bundle: Buffer, version: string, privateKeyPem: string): ReleaseManifest {
  if (!isReleaseVersion(version)) throw new Error(`not a release version: ${version}`);
  const digest = bundleDigest(bundle);
  const signature = sign(null, releaseSignedMessage(version, digest), createPrivateKey(privateKeyPem));
  return { version, digest, signature: signature.toString('base64') };
}

async function call(
  coordinator: string,
  apiKey: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await fetch(new URL(route, coordinator), {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body !== undefined && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body:
      body === undefined
        ? undefined
        : body instanceof Uint8Array
          ? new Blob([new Uint8Array(body)])
          : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** PUT /crawl/v1/admin/releases/{version}: the bundle and its manifest (admin key). */
export function publishRelease(
  coordinator: string,
  apiKey: string,
  bundle: Buffer,
  manifest: ReleaseManifest,
): Promise<unknown> {
  return call(
    coordinator,
    apiKey,
    'PUT',
    `/crawl/v1/admin/releases/${encodeURIComponent(manifest.version)}`,
    bundle,
    {
      'content-type': 'application/octet-stream',
      'x-release-digest': manifest.digest,
      'x-release-signature': manifest.signature,
    },
  );
}

/** PUT /crawl/v1/admin/rollout: `percent` of the fleet takes `version`. */
export function setRollout(
  coordinator: string,
  apiKey: string,
  version: string,
  percent: number,
): Promise<unknown> {
  return call(coordinator, apiKey, 'PUT', '/crawl/v1/admin/rollout', { version, percent });
}

/** PUT or DELETE /crawl/v1/admin/devices/{id}/agent-version: hold a device at a version (null: release it). */
export function pinDevice(
  coordinator: string,
  apiKey: string,
  deviceId: string,
  version: string | null,
): Promise<unknown> {
  const route = `/crawl/v1/admin/devices/${encodeURIComponent(deviceId)}/agent-version`;
  return version === null
    ? call(coordinator, apiKey, 'DELETE', route)
    : call(coordinator, apiKey, 'PUT', route, { version });
}

/** GET /crawl/v1/admin/releases: releases, the rollout, pins and devices by version. */
export function releaseStatus(coordinator: string, apiKey: string): Promise<unknown> {
  return call(coordinator, apiKey, 'GET', '/crawl/v1/admin/releases');
}
