// Country (ISO 3166-1 alpha-2) → network region, for agents that give only a country. Every
// officially assigned code (249) plus XK (Kosovo, user-assigned but in wide use) is in the table;
// remote territories go to the region their traffic is routed through (AQ via Oceania's gateways).
import { REGIONS, type Region } from '../../proto/index.js';

const TABLE: Record<Region, string> = {
  NA: 'US CA MX GL BM PM UM',
  LATAM:
    'AR BO BR CL CO CR CU DO EC SV GT HN HT JM NI PA PY PE PR UY VE BS BB BZ GY SR TT AG DM GD KN LC VC AW CW SX BQ KY TC VG VI AI MS GP MQ BL MF GF FK GS',
  EU: 'AD AL AT BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SK SM UA VA XK AX SJ BV',
  APAC: 'AF AU BD BN BT CN FJ HK ID IN JP KH KI KP KR KZ KG LA LK MH MM MN MO MV MY NP NR NZ PG PH PK PW SB SG TH TJ TL TM TO TV TW UZ VN VU WS AS CK GU MP NC NF NU PF PN TK WF CX CC FM HM IO TF AQ',
  MEA: 'AE AM AZ BH DZ EG GE IL IQ IR JO KW LB LY MA OM PS QA SA SY TN TR YE AO BF BI BJ BW CD CF CG CI CM CV DJ ER ET GA GH GM GN GQ GW KE KM LR LS MG ML MR MU MW MZ NA NE NG RE RW SC SD SL SN SO SS ST SZ TD TG TZ UG YT ZA ZM ZW EH SH',
};

const BY_COUNTRY = new Map<string, Region>();
for (const [region, countries] of Object.entries(TABLE) as Array<[Region, string]>) {
  for (const c of countries.split(' ')) BY_COUNTRY.set(c, region);
}

/** The region of an ISO alpha-2 country code, or null when unknown. */
export function regionOf(country: string): Region | null {
  return BY_COUNTRY.get(country.toUpperCase()) ?? null;
}

export function isKnownCountry(country: string): boolean {
  return BY_COUNTRY.has(country.toUpperCase());
}

/**
 * The region a device is placed in: the one it states when that is a known region, else the
 * region of its country ('' when neither is known).
 */
export function deviceRegion(stated: string, country: string): string {
  const r = stated.toUpperCase();
  if ((REGIONS as readonly string[]).includes(r)) return r;
  return regionOf(country) ?? '';
}
