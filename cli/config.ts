// Where the coordinator URL and API key come from, in this order (docs/client.md):
//   1. --url / --key flags;
//   2. the profile named by --profile, from the profile file;
//   3. CRAWL_URL / CRAWL_API_KEY;
//   4. the profile named by CRAWL_PROFILE, else the file's default_profile, else "default".
// Each setting is taken from the first place that has it. The profile file is --config FILE, else
// CRAWL_CONFIG, else $XDG_CONFIG_HOME/crawl/config.json, else ~/.config/crawl/config.json.
import path from 'node:path';
import { type CliIo, UsageError } from './io.js';

export interface ConnectionFlags {
  url?: string;
  key?: string;
  profile?: string;
  config?: string;
}

export interface Connection {
  url: string;
  apiKey: string;
}

interface Profile {
  url?: string;
  api_key?: string;
}

interface ProfileFile {
  default_profile?: string;
  profiles?: Record<string, Profile>;
}

export function profileFilePath(flags: ConnectionFlags, io: CliIo): string {
  if (flags.config) return flags.config;
  if (io.env.CRAWL_CONFIG) return io.env.CRAWL_CONFIG;
  const base = io.env.XDG_CONFIG_HOME || path.join(io.homeDir, '.config');
  return path.join(base, 'crawl', 'config.json');
}

async function readProfileFile(file: string, io: CliIo, required: boolean): Promise<ProfileFile> {
  let text: string;
  try {
    text = (await io.readFile(file)).toString('utf8');
  } catch (err) {
    if (!required && (err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read the profile file ${file}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`the profile file ${file} is not valid JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(`the profile file ${file} must hold a JSON object`);
  }
  const obj = parsed as ProfileFile;
  if (obj.profiles !== undefined && (typeof obj.profiles !== 'object' || obj.profiles === null)) {
    throw new UsageError(`"profiles" in ${file} must be an object of named profiles`);
  }
  return obj;
}

function pickProfile(file: ProfileFile, name: string, where: string, required: boolean): Profile {
  const p = file.profiles?.[name];
  if (!p) {
    if (required) throw new UsageError(`no profile "${name}" in ${where}`);
    return {};
  }
  if (typeof p !== 'object') throw new UsageError(`profile "${name}" in ${where} must be an object`);
  return p;
}

/** Resolves the coordinator URL and API key once per run. */
export async function resolveConnection(flags: ConnectionFlags, io: CliIo): Promise<Connection> {
  const file = profileFilePath(flags, io);
  const explicitFile = Boolean(flags.config || io.env.CRAWL_CONFIG);
  const contents = await readProfileFile(file, io, explicitFile || Boolean(flags.profile));
  const named = flags.profile ? pickProfile(contents, flags.profile, file, true) : {};
  const fallbackName = io.env.CRAWL_PROFILE || contents.default_profile || 'default';
  const fallback = pickProfile(contents, fallbackName, file, Boolean(io.env.CRAWL_PROFILE));
  const url = flags.url || named.url || io.env.CRAWL_URL || fallback.url;
  const apiKey = flags.key || named.api_key || io.env.CRAWL_API_KEY || fallback.api_key;
  if (!url) {
    throw new UsageError(
      'no coordinator URL: give --url, set CRAWL_URL, or add "url" to a profile in ' + file,
    );
  }
  if (!/^https?:\/\//i.test(url))
    throw new UsageError(`the coordinator URL must start with http(s)://: ${url}`);
  if (!apiKey) {
    throw new UsageError(
      'no API key: give --key, set CRAWL_API_KEY, or add "api_key" to a profile in ' + file,
    );
  }
  return { url, apiKey };
}
