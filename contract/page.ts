// Driving and reading a page (docs/actions.md): the request fields `actions`, `extract`, `har`,
// `pdf`, `audits` of POST /crawl/v1/new, and what a result adds. The API's checks and their
// messages are proto/page.ts's parser; these schemas document the shapes and type the client.
import { Type } from 'typebox';
import { Nullable } from './common.js';

const Common = {
  optional: Type.Optional(Type.Boolean({ description: 'a failure is reported but does not end the job' })),
  timeout_ms: Type.Optional(
    Type.Integer({ minimum: 1, description: 'default 5000; at most the job timeout' }),
  ),
};
const Selector = Type.String({ minLength: 1, maxLength: 1024, description: 'CSS selector' });

export const PageAction = Type.Union([
  Type.Object({ type: Type.Literal('wait'), ms: Type.Integer({ minimum: 0 }), ...Common }),
  Type.Object({
    type: Type.Literal('wait_for'),
    selector: Selector,
    state: Type.Optional(
      Type.Union([Type.Literal('visible'), Type.Literal('hidden'), Type.Literal('attached')]),
    ),
    ...Common,
  }),
  Type.Object({
    type: Type.Literal('click'),
    selector: Selector,
    all: Type.Optional(Type.Boolean()),
    ...Common,
  }),
  Type.Object({
    type: Type.Literal('type'),
    selector: Selector,
    text: Type.String({ maxLength: 10_000 }),
    secret: Type.Optional(Type.Boolean({ description: 'kept out of logs, the URL log and results' })),
    ...Common,
  }),
  Type.Object({ type: Type.Literal('press'), key: Type.String({ minLength: 1, maxLength: 64 }), ...Common }),
  Type.Object({
    type: Type.Literal('scroll'),
    to: Type.Optional(Type.Literal('bottom')),
    by_px: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    until_selector: Type.Optional(Selector),
    until_count: Type.Optional(Type.Integer({ minimum: 1 })),
    max_steps: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    step_wait_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    ...Common,
  }),
  Type.Object({
    type: Type.Literal('select'),
    selector: Selector,
    values: Type.Array(Type.String(), { maxItems: 50 }),
    ...Common,
  }),
  Type.Object({ type: Type.Literal('hover'), selector: Selector, ...Common }),
  Type.Object({
    type: Type.Literal('screenshot'),
    name: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
    full_page: Type.Optional(Type.Boolean()),
    selector: Type.Optional(Selector),
    ...Common,
  }),
  Type.Object({
    type: Type.Literal('evaluate'),
    script: Type.String({ minLength: 1, maxLength: 20_000 }),
    ...Common,
  }),
]);

const TRANSFORMS = Type.Union([Type.Literal('trim'), Type.Literal('number'), Type.Literal('absolute_url')]);
const FieldType = Type.Union([
  Type.Literal('text'),
  Type.Literal('html'),
  Type.Literal('attribute'),
  Type.Literal('nested'),
  Type.Literal('list'),
]);
/** One field (nested fields are the same shape; their depth is at most 5). */
const ExtractField = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  selector: Type.Optional(Selector),
  xpath: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  type: Type.Optional(FieldType),
  attribute: Type.Optional(Type.String()),
  transforms: Type.Optional(Type.Array(TRANSFORMS)),
  fields: Type.Optional(Type.Array(Type.Unknown(), { description: 'nested fields (same shape)' })),
});

export const ExtractSpec = Type.Object({
  base_selector: Type.Optional(Selector),
  fields: Type.Array(ExtractField, { minItems: 1 }),
  json_schema: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'a JSON Schema the value must satisfy' }),
  ),
});

export const PdfSpec = Type.Object({
  format: Type.Optional(
    Type.Union([
      Type.Literal('A4'),
      Type.Literal('Letter'),
      Type.Literal('Legal'),
      Type.Literal('A3'),
      Type.Literal('Tabloid'),
    ]),
  ),
  landscape: Type.Optional(Type.Boolean()),
  print_background: Type.Optional(Type.Boolean()),
});

/** The page fields of a job submission (spread into SubmitBody). */
export const PageFields = {
  actions: Nullable(
    Type.Array(PageAction, {
      maxItems: 50,
      description: 'CRAWL_FULL_PAGE: actions run after the load, in order',
    }),
  ),
  extract: Nullable(ExtractSpec),
  har: Nullable(Type.Boolean({ description: 'CRAWL_FULL_PAGE: record a HAR 1.2 (format=har)' })),
  pdf: Nullable(
    Type.Union([PdfSpec, Type.Boolean()], {
      description: 'CRAWL_FULL_PAGE: print to PDF (format=pdf); true: A4',
    }),
  ),
  audits: Nullable(Type.Array(Type.Literal('lighthouse'), { maxItems: 1 })),
};

/** What the JSON download adds for a job that asked for extraction or took named screenshots. */
export const PageDownloadFields = {
  extracted: Type.Optional(
    Type.Unknown({ description: 'the extracted JSON value; null when none was made' }),
  ),
  extractErrors: Type.Optional(
    Type.Array(Type.String(), { description: 'why the extraction or its JSON Schema check failed' }),
  ),
  actionScreenshots: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'screenshot action name to base64 PNG' }),
  ),
};
