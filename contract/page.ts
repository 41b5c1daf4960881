// Driving and reading a page (docs/actions.md): the request fields `actions`, `extract`, `har`,
// `pdf`, `audits` of POST /crawl/v1/new, and what a result adds. The API's checks and their
// messages are proto/page.ts's parser; these schemas document the shapes, type the client and
// refuse what the parser would pass over: an unknown key inside any of these objects (`extract`
// with `baseSelector` where `base_selector` is meant) is a 400 naming it, never ignored.
import { type Static, type TObject, type TProperties, Type } from 'typebox';
import { Nullable } from './common.js';

const Common = {
  optional: Type.Optional(Type.Boolean({ description: 'a failure is reported but does not end the job' })),
  timeout_ms: Type.Optional(
    Type.Integer({ minimum: 1, description: 'default 5000; at most the job timeout' }),
  ),
};
const Selector = Type.String({ minLength: 1, maxLength: 1024, description: 'CSS selector' });
/** One of our own objects: its keys are all listed, any other is refused. */
const Strict = <P extends TProperties>(properties: P, options: { description?: string } = {}): TObject<P> =>
  Type.Object(properties, { ...options, additionalProperties: false });

const PageActions = Type.Union([
  Strict({ type: Type.Literal('wait'), ms: Type.Integer({ minimum: 0 }), ...Common }),
  Strict({
    type: Type.Literal('wait_for'),
    selector: Selector,
    state: Type.Optional(
      Type.Union([Type.Literal('visible'), Type.Literal('hidden'), Type.Literal('attached')]),
    ),
    ...Common,
  }),
  Strict({
    type: Type.Literal('click'),
    selector: Selector,
    all: Type.Optional(Type.Boolean()),
    ...Common,
  }),
  Strict({
    type: Type.Literal('type'),
    selector: Selector,
    text: Type.String({ maxLength: 10_000 }),
    secret: Type.Optional(Type.Boolean({ description: 'kept out of logs, the URL log and results' })),
    ...Common,
  }),
  Strict({ type: Type.Literal('press'), key: Type.String({ minLength: 1, maxLength: 64 }), ...Common }),
  Strict({
    type: Type.Literal('scroll'),
    to: Type.Optional(Type.Literal('bottom')),
    by_px: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    until_selector: Type.Optional(Selector),
    until_count: Type.Optional(Type.Integer({ minimum: 1 })),
    max_steps: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    step_wait_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    ...Common,
  }),
  Strict({
    type: Type.Literal('select'),
    selector: Selector,
    values: Type.Array(Type.String(), { maxItems: 50 }),
    ...Common,
  }),
  Strict({ type: Type.Literal('hover'), selector: Selector, ...Common }),
  Strict({
    type: Type.Literal('screenshot'),
    name: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
    full_page: Type.Optional(Type.Boolean()),
    selector: Type.Optional(Selector),
    ...Common,
  }),
  Strict({
    type: Type.Literal('evaluate'),
    script: Type.String({ minLength: 1, maxLength: 20_000 }),
    ...Common,
  }),
]);

/**
 * One action: the variant its `type` names (a JSON Schema discriminator), so a refusal names what
 * is wrong with that action, not with the first variant listed.
 */
export const PageAction = Type.Unsafe<Static<typeof PageActions>>({
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: PageActions.anyOf,
});

const TRANSFORMS = Type.Union([Type.Literal('trim'), Type.Literal('number'), Type.Literal('absolute_url')]);
const FieldType = Type.Union([
  Type.Literal('text'),
  Type.Literal('html'),
  Type.Literal('attribute'),
  Type.Literal('nested'),
  Type.Literal('list'),
]);
/** How deep fields nest (proto/page.ts PAGE_LIMITS.maxExtractDepth; deeper is its 400). */
const MAX_EXTRACT_DEPTH = 5;

/**
 * One field at `depth` (1: the schema's own fields). Nested fields are the same shape, written out
 * level by level (a schema without $ref cycles); past the deepest level the parser refuses them.
 */
const extractField = (depth: number): TObject =>
  Strict({
    name: Type.String({ minLength: 1, maxLength: 64 }),
    selector: Type.Optional(Selector),
    xpath: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    type: Type.Optional(FieldType),
    attribute: Type.Optional(Type.String()),
    transforms: Type.Optional(Type.Array(TRANSFORMS)),
    fields: Type.Optional(
      Type.Array(depth < MAX_EXTRACT_DEPTH ? extractField(depth + 1) : Type.Unknown(), {
        description: 'nested fields (same shape)',
      }),
    ),
  });
const ExtractField = extractField(1);

export const ExtractSpec = Strict({
  base_selector: Type.Optional(Selector),
  fields: Type.Array(ExtractField, { minItems: 1 }),
  json_schema: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'a JSON Schema the value must satisfy' }),
  ),
});

export const PdfSpec = Strict({
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
