// The Globalping-compatible facade's request (POST /v1/measurements; docs/measure.md "Globalping
// compatibility"): Globalping's MeasurementRequest as its published API describes it
// (public/v1/components/schemas.yaml of github.com/jsdelivr/globalping), with the parts this
// network runs. Fields Globalping has and this network refuses (a location's `region`, `state`,
// `network`, `tags`, `magic`; `locations` as an earlier measurement's id) are in the shape, so the
// facade's parser answers them with its own message. Optional fields accept null as "not given",
// as every request of this API does.
import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';
import { MAX_MEASURE_DEVICES } from './measure.js';

export const GlobalpingLocation = Type.Object(
  {
    continent: Nullable(Type.String({ description: 'AF | AS | EU | NA | OC | SA' })),
    region: Nullable(Type.String({ description: 'not supported here' })),
    country: Nullable(Type.String()),
    state: Nullable(Type.String({ description: 'not supported here' })),
    city: Nullable(Type.String()),
    asn: Nullable(Type.Integer()),
    network: Nullable(Type.String({ description: 'not supported here' })),
    tags: Nullable(Type.Array(Type.String(), { description: 'not supported here' })),
    magic: Nullable(Type.String({ description: 'not supported here' })),
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
  },
  { additionalProperties: false },
);

export const GlobalpingRequest = Type.Object(
  {
    type: Type.String({ description: 'ping | traceroute | dns | mtr' }),
    target: Type.String(),
    locations: Nullable(
      Type.Union([
        Type.Array(GlobalpingLocation),
        Type.String({ description: "an earlier measurement's id: not supported here" }),
      ]),
    ),
    limit: Nullable(Type.Integer({ minimum: 1, maximum: MAX_MEASURE_DEVICES })),
    measurementOptions: Nullable(GlobalpingMeasurementOptions),
    inProgressUpdates: Nullable(Type.Boolean({ description: 'accepted; results appear as they come' })),
  },
  { additionalProperties: false },
);
export type GlobalpingRequest = Static<typeof GlobalpingRequest>;
