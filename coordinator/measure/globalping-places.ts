// Globalping's geography for the facade: its continents (two-letter codes) and its regions (the
// UN M49 sub-regions it names, https://unstats.un.org/unsd/methodology/m49/), per country, and the
// names a `magic` location may give a country, continent or region by. Our own placement knows
// countries and five network regions (scheduler/regions.ts); this is only how Globalping's words
// map onto them.
import { regionOf } from '../scheduler/regions.js';

/** Globalping's region names (its RegionName), each with the countries M49 puts there. */
const M49: Readonly<Record<string, string>> = {
  'Northern Africa': 'DZ EG LY MA SD TN EH',
  'Eastern Africa': 'BI KM DJ ER ET KE MG MW MU MZ RW SC SO SS TZ UG ZM ZW RE TF YT',
  'Middle Africa': 'AO CM CF TD CG CD GQ GA ST',
  'Southern Africa': 'BW LS NA ZA SZ',
  'Western Africa': 'BJ BF CV GM GH GN GW CI LR ML MR NE NG SN SL TG SH',
  Caribbean: 'AG BS BB CU DM DO GD HT JM KN LC VC TT GP KY MQ MS TC AW VG VI PR AI MF BL SX CW BQ',
  'Central America': 'BZ CR SV GT HN MX NI PA',
  'South America': 'AR BO BR CL CO EC GY PY PE SR UY VE FK GF GS BV',
  'Northern America': 'CA US BM GL PM',
  'Central Asia': 'KZ KG TJ TM UZ',
  'Eastern Asia': 'CN JP KP KR MN HK TW MO',
  'South-eastern Asia': 'BN MM KH TL ID LA MY PH SG TH VN',
  'Southern Asia': 'AF BD BT IN IR MV NP PK LK IO',
  'Western Asia': 'BH IQ IL JO KW LB OM QA SA SY TR AE YE AM AZ CY GE PS',
  'Eastern Europe': 'RU BY BG CZ HU MD PL RO SK UA XK',
  'Northern Europe': 'DK EE FI IS IE LV LT NO SE GB FO GG SJ AX',
  'Southern Europe': 'AL AD BA HR GR IT MK MT ME PT SM RS SI ES VA GI',
  'Western Europe': 'AT BE FR DE LI LU MC NL CH JE IM',
  'Australia and New Zealand': 'AU NZ NF CX CC HM AQ',
  Melanesia: 'FJ PG SB VU NC',
  Micronesia: 'KI MH FM NR PW MP GU UM',
  Polynesia: 'WS TO TV CK NU PF PN TK WF AS',
};

/** The continent of each region (Globalping's ContinentCode). */
const REGION_CONTINENT: Readonly<Record<string, string>> = {
  'Northern Africa': 'AF',
  'Eastern Africa': 'AF',
  'Middle Africa': 'AF',
  'Southern Africa': 'AF',
  'Western Africa': 'AF',
  Caribbean: 'NA',
  'Central America': 'NA',
  'South America': 'SA',
  'Northern America': 'NA',
  'Central Asia': 'AS',
  'Eastern Asia': 'AS',
  'South-eastern Asia': 'AS',
  'Southern Asia': 'AS',
  'Western Asia': 'AS',
  'Eastern Europe': 'EU',
  'Northern Europe': 'EU',
  'Southern Europe': 'EU',
  'Western Europe': 'EU',
  'Australia and New Zealand': 'OC',
  Melanesia: 'OC',
  Micronesia: 'OC',
  Polynesia: 'OC',
};

export const CONTINENT_NAMES: Readonly<Record<string, string>> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

/** Globalping continent → our network region (docs/measure.md: OC is part of APAC here). */
export const CONTINENT_REGION: Readonly<Record<string, string>> = {
  EU: 'EU',
  NA: 'NA',
  SA: 'LATAM',
  AS: 'APAC',
  OC: 'APAC',
  AF: 'MEA',
};

/** Our network region → a continent and a representative region, for a device with no country. */
const NETWORK_REGION_PLACE: Readonly<Record<string, [string, string]>> = {
  EU: ['EU', 'Western Europe'],
  NA: ['NA', 'Northern America'],
  LATAM: ['SA', 'South America'],
  APAC: ['AS', 'Eastern Asia'],
  MEA: ['AF', 'Northern Africa'],
};

const REGION_OF_COUNTRY = new Map<string, string>();
for (const [region, codes] of Object.entries(M49)) {
  for (const code of codes.split(' ')) REGION_OF_COUNTRY.set(code, region);
}

/** Globalping's region names, as it spells them. */
export const REGION_NAMES: readonly string[] = Object.keys(M49);

/** The countries of a region (Globalping's spelling, any case); null for a name it does not have. */
export function regionCountries(name: string): ReadonlySet<string> | null {
  const key = REGION_NAMES.find((r) => r.toLowerCase() === name.toLowerCase());
  return key ? new Set((M49[key] ?? '').split(' ')) : null;
}

/** Whether `country` (alpha-2) lies on `continent` as Globalping counts it. */
export function onContinent(country: string, continent: string): boolean {
  return placeOf(country, '').continent === continent.toUpperCase();
}

/**
 * A device's continent and region as Globalping names them: from its country, else from our
 * network region (a representative of it), else Europe (Globalping's fields are never empty).
 */
export function placeOf(country: string, networkRegion: string): { continent: string; region: string } {
  const c = country.toUpperCase();
  if (c === 'AQ') return { continent: 'AN', region: 'Australia and New Zealand' };
  const region = REGION_OF_COUNTRY.get(c);
  if (region) return { continent: REGION_CONTINENT[region] ?? 'EU', region };
  const [continent, rep] = NETWORK_REGION_PLACE[networkRegion || (regionOf(c) ?? '')] ?? [
    'EU',
    'Western Europe',
  ];
  return { continent, region: rep };
}

/** Lower case, no diacritics, `-` and `_` as spaces, `&` as `and`, single spaces. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[-_’'.()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Common names Intl's English names leave out. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  'czech republic': 'CZ',
  turkey: 'TR',
  holland: 'NL',
  'ivory coast': 'CI',
  burma: 'MM',
  macau: 'MO',
  swaziland: 'SZ',
  'cabo verde': 'CV',
  'east timor': 'TL',
  'russian federation': 'RU',
  korea: 'KR',
  'republic of korea': 'KR',
  uae: 'AE',
  vatican: 'VA',
  'dr congo': 'CD',
  drc: 'CD',
  macedonia: 'MK',
};

let countryNames: Map<string, string> | null = null;

/** Country names (normalized) → alpha-2, built once from Intl's English names and the aliases. */
function namesOfCountries(): Map<string, string> {
  if (countryNames) return countryNames;
  const names = new Map<string, string>();
  const long = new Intl.DisplayNames(['en'], { type: 'region' });
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
  for (const code of REGION_OF_COUNTRY.keys()) {
    for (const display of [long, short]) {
      const name = display.of(code);
      if (!name || name === code) continue;
      names.set(normalizeName(name), code);
      // "Hong Kong SAR China", "Myanmar (Burma)": the name before the qualifier too.
      const bare = name.replace(/\s*\(.*\)$/, '').replace(/ SAR China$/, '');
      names.set(normalizeName(bare), code);
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) names.set(alias, code);
  countryNames = names;
  return names;
}

/** A country's English name (Intl's), or '' when it has none. */
export function countryName(code: string): string {
  if (!REGION_OF_COUNTRY.has(code.toUpperCase())) return '';
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase());
  return name && name !== code.toUpperCase() ? name : '';
}

/** The alpha-2 code a (normalized) name or alias names; null when none. */
export function countryByName(normalized: string): string | null {
  return namesOfCountries().get(normalized) ?? null;
}

/** Region names and their common short forms, normalized → Globalping's spelling. */
const REGION_BY_NAME = new Map<string, string>(Object.keys(M49).map((name) => [normalizeName(name), name]));
for (const [alias, name] of [
  ['north africa', 'Northern Africa'],
  ['east africa', 'Eastern Africa'],
  ['west africa', 'Western Africa'],
  ['southern america', 'South America'],
  ['east asia', 'Eastern Asia'],
  ['south east asia', 'South-eastern Asia'],
  ['south asia', 'Southern Asia'],
  ['west asia', 'Western Asia'],
  ['east europe', 'Eastern Europe'],
  ['north europe', 'Northern Europe'],
  ['south europe', 'Southern Europe'],
  ['west europe', 'Western Europe'],
] as const) {
  REGION_BY_NAME.set(alias, name);
}

/** The region a (normalized) name names, in Globalping's spelling; null when none. */
export function regionByName(normalized: string): string | null {
  return REGION_BY_NAME.get(normalized) ?? null;
}

/** The continent code a (normalized) name or code names; null when none. */
export function continentByName(normalized: string): string | null {
  for (const [code, name] of Object.entries(CONTINENT_NAMES)) {
    if (normalized === code.toLowerCase() || normalized === name.toLowerCase()) return code;
  }
  return null;
}

/** Every country this table places (for its coverage test). */
export function placedCountries(): string[] {
  return [...REGION_OF_COUNTRY.keys()];
}
