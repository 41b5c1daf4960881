// The Globalping-compatible facade's request (POST /v1/measurements; docs/measure.md "Globalping
// compatibility", docs/compat.md): Globalping's MeasurementRequest as its published API describes
// it (public/v1/components/schemas.yaml of github.com/jsdelivr/globalping). Fields Globalping has
// and this network refuses (a location's `state`, http's `resolver`, dns `trace`) are in the shape,
// so the facade's parser answers them with its own message. Optional fields accept null as "not
// given", as every request of this API does.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';
import { MAX_MEASURE_DEVICES } from './measure.js';

export const GlobalpingLocation = Type.Object(
  {
    continent: Nullable(Type.String({ description: 'AF | AS | EU | NA | OC | SA' })),
    region: Nullable(Type.String({ description: 'a UN M49 region name, as Globalping lists them' })),
    country: Nullable(Type.String()),
    state: Nullable(Type.String({ description: 'not supported here' })),
    city: Nullable(Type.String()),
    asn: Nullable(Type.Integer()),
    network: Nullable(Type.String({ description: "the device's network name" })),
    tags: Nullable(Type.Array(Type.String(), { description: 'eyeball-network | datacenter-network' })),
    magic: Nullable(
      Type.String({ description: 'keywords joined by +: country, city, continent, region, AS…, network' }),
    ),
    limit: Nullable(Type.Integer({ minimum: 1, maximum: MAX_MEASURE_DEVICES })),
  },
  { additionalProperties: false },
);

export const GlobalpingMeasurementOptions = Type.Object(
  {
    packets: Nullable(Type.Integer({ description: 'ping, mtr' })),
    protocol: Nullable(Type.String({ description: 'ICMP | TCP | UDP, as the type allows' })),
    port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 })),
    ipVersion: Nullable(Type.Union([Type.Literal(4), Type.Literal(6)])),
    resolver: Nullable(Type.String({ description: 'dns: an IP address' })),
    query: Nullable(Type.Object({ type: Nullable(Type.String()) }, { additionalProperties: false })),
    trace: Nullable(Type.Boolean({ description: 'dns: true is not supported here' })),
    request: Nullable(
      Type.Object(
        {
          host: Nullable(Type.String({ description: 'http: only the target itself' })),
          path: Nullable(Type.String()),
          query: Nullable(Type.String()),
          method: Nullable(Type.String({ description: 'http: HEAD | GET | OPTIONS' })),
          headers: Nullable(Type.Record(Type.String(), Type.String())),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const GlobalpingRequest = Type.Object(
  {
    type: Type.String({ description: 'ping | traceroute | dns | mtr | http' }),
    target: Type.String(),
    locations: Nullable(
      Type.Union([
        Type.Array(GlobalpingLocation),
        Type.String({ description: "an earlier measurement's id: the same devices" }),
      ]),
    ),
    limit: Nullable(Type.Integer({ minimum: 1, maximum: MAX_MEASURE_DEVICES })),
    timeout: Nullable(Type.Integer({ minimum: 5, maximum: 30, description: 'seconds per test' })),
    measurementOptions: Nullable(GlobalpingMeasurementOptions),
    inProgressUpdates: Nullable(Type.Boolean({ description: 'accepted; results appear as they come' })),
  },
  { additionalProperties: false },
);
export type GlobalpingRequest = Static<typeof GlobalpingRequest>;
