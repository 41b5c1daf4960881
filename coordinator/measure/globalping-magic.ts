// Globalping's `magic` location field: one string of up to four keywords joined by `+` (all must
// hold), each a country (code, English name or common alias), a city, a continent (code or name),
// a region (a UN M49 name or its short form), an ASN (`AS3320`), a network tag (`eyeball-network`,
// `datacenter-network`) or a network name (a word prefix of it, `deutsche telekom`); `world` alone
// is anywhere. A keyword that is none of these matches a device any of whose names contains it, as
// Globalping's fuzzy match does. Cities and network names are the connected devices' own
// (MagicVocabulary): Globalping too reads them from its probes. Pure: the caller gives the words.
import { invalid } from '../errors.js';
import { isKnownCountry } from '../scheduler/regions.js';
import { continentByName, countryByName, normalizeName, regionByName } from './globalping-places.js';

/** Globalping's cap on `+` conditions in one magic string. */
export const MAX_MAGIC_CONDITIONS = 4;
/** Globalping's cap on the magic string's length. */
export const MAX_MAGIC_CHARS = 128;

export type MagicCondition =
  | { kind: 'country'; country: string }
  | { kind: 'continent'; continent: string }
  | { kind: 'region'; region: string }
  | { kind: 'asn'; asn: number }
  | { kind: 'tag'; tag: 'eyeball-network' | 'datacenter-network' }
  /** A connected device's city, as that device spells it. */
  | { kind: 'city'; city: string }
  /** A word prefix of a connected device's network name, normalized. */
  | { kind: 'network'; network: string }
  /** Anything else, normalized: a device any of whose names contains it. */
  | { kind: 'text'; text: string };

/** The words of the connected devices that a keyword may name. */
export interface MagicVocabulary {
  /** Normalized city → the city as devices spell it. */
  cities: ReadonlyMap<string, string>;
  /** Normalized network names. */
  networks: ReadonlySet<string>;
}

const TAGS: Readonly<Record<string, 'eyeball-network' | 'datacenter-network'>> = {
  'eyeball network': 'eyeball-network',
  eyeball: 'eyeball-network',
  'datacenter network': 'datacenter-network',
  datacenter: 'datacenter-network',
};

/** Whether `name` (normalized) starts with the whole words of `prefix`. */
export const wordPrefix = (name: string, prefix: string): boolean =>
  name === prefix || name.startsWith(`${prefix} `);

/** The keywords of a magic string, checked for Globalping's bounds; `field` names it in errors. */
export function magicKeywords(magic: string, field: string): string[] {
  if (magic.trim() === '' || magic.length > MAX_MAGIC_CHARS)
    throw invalid(`${field} must be 1 to ${MAX_MAGIC_CHARS} characters`);
  const keywords = magic.split('+').map(normalizeName);
  if (keywords.length > MAX_MAGIC_CONDITIONS)
    throw invalid(`${field} must contain at most ${MAX_MAGIC_CONDITIONS} combined filters`);
  if (keywords.some((k) => k === '')) throw invalid(`${field} has an empty condition`);
  return keywords;
}

/** One keyword's meaning, the first that fits in Globalping's order (a country code before a continent). */
export function classifyKeyword(keyword: string, words: MagicVocabulary): MagicCondition {
  if (/^[a-z]{2}$/.test(keyword) && isKnownCountry(keyword)) {
    return { kind: 'country', country: keyword.toUpperCase() };
  }
  const country = countryByName(keyword);
  if (country) return { kind: 'country', country };
  const city = words.cities.get(keyword);
  if (city !== undefined) return { kind: 'city', city };
  const continent = continentByName(keyword);
  if (continent) return { kind: 'continent', continent };
  const region = regionByName(keyword);
  if (region) return { kind: 'region', region };
  const asn = /^as ?(\d{1,10})$/.exec(keyword);
  if (asn) return { kind: 'asn', asn: Number(asn[1]) };
  const tag = TAGS[keyword];
  if (tag) return { kind: 'tag', tag };
  for (const network of words.networks) {
    if (wordPrefix(network, keyword)) return { kind: 'network', network: keyword };
  }
  return { kind: 'text', text: keyword };
}

/** A magic string's conditions (all must hold); empty for `world`. */
export function parseMagic(magic: string, field: string, words: MagicVocabulary): MagicCondition[] {
  const keywords = magicKeywords(magic, field);
  if (keywords.length === 1 && keywords[0] === 'world') return [];
  return keywords.map((k) => classifyKeyword(k, words));
}
