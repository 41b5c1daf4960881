// Writes python/src/crawl_network/types.py: the API's request and answer shapes as Python
// TypedDicts, made from the contract's JSON Schemas (contract/, the same schemas the coordinator
// validates with and publishes as /crawl/v1/openapi.json), so the Python SDK cannot drift from them.
//   node --import tsx python/scripts/gen-types.ts           # write the file
//   node --import tsx python/scripts/gen-types.ts --check   # exit 1 when the file is not current
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as C from '../../contract/index.js';

const OUT = fileURLToPath(new URL('../src/crawl_network/types.py', import.meta.url));

type Schema = Record<string, unknown>;

/**
 * A route schema narrowed where it is open (a record of unknown values), as the TypeScript client
 * narrows it (client/types.ts `Refine`): `over`'s properties replace the base's, and the fields
 * either requires are required.
 */
function refine(base: unknown, over: object): Schema {
  const b = base as Schema;
  const o = ('properties' in over ? over : { properties: over }) as Schema;
  return {
    ...b,
    properties: { ...(b.properties as Schema), ...(o.properties as Schema) },
    required: [...new Set([...((b.required as string[]) ?? []), ...((o.required as string[]) ?? [])])],
  };
}

/**
 * The shapes the SDK names, in the SDK's words (the TypeScript client's names, client/types.ts),
 * each with its contract schema. Nested objects get their parent's name and the field's, unless
 * they are one of these (compared by value), which is then named.
 */
const NAMED: Array<[string, unknown]> = [
  // requests
  ['Placement', C.Placement],
  ['InputCookie', C.InputCookie],
  ['WebhookSpec', C.WebhookSpec],
  ['PageAction', C.PageAction],
  ['ExtractSpec', C.ExtractSpec],
  ['PdfSpec', C.PdfSpec],
  ['NewJobRequest', C.SubmitBody],
  ['NewBatchRequest', C.BatchSubmitBody],
  ['NewSessionRequest', C.SessionBody],
  ['NewSweepRequest', C.SweepBody],
  ['NewScheduleRequest', C.ScheduleBody],
  ['MeasureLocation', C.MeasureLocation],
  ['NewMeasurementRequest', C.MeasureBody],
  ['NewMeasureScheduleRequest', C.MeasureScheduleBody],
  ['CrawlPoliteness', C.CrawlPoliteness],
  ['NewCrawlRequest', C.CrawlBody],
  ['NewMapRequest', C.MapBody],
  ['DefaultWebhookRequest', C.DefaultWebhookBody],
  // answers
  ['HeaderRecord', C.HeaderRecord],
  ['CookieRecord', C.CookieRecord],
  ['Job', C.Job],
  ['BatchStatusResponse', C.BatchResponse],
  ['BatchItem', C.BatchItem],
  ['BatchCreated', C.BatchCreated],
  ['BatchStatus', C.BatchStatus],
  ['BatchCancelled', C.BatchCancelled],
  ['ResultNetwork', C.ResultNetwork],
  ['JobResult', C.JobResult],
  ['JobDetail', C.Detail],
  ['PerformanceMetrics', C.PerformanceMetrics],
  ['DownloadMetadata', C.DownloadMetadata],
  [
    'DownloadContent',
    refine(C.Download, {
      metadata: C.DownloadMetadata,
      performanceMetrics: { anyOf: [C.PerformanceMetrics, C.NoPerformanceMetrics] },
    }),
  ],
  ['Session', C.Session],
  ['SessionJobEntry', C.SessionJob],
  ['SessionJobs', refine(C.SessionJobs, { jobs: { type: 'array', items: C.SessionJob } })],
  ['SweepCreated', C.SweepCreated],
  ['SweepMetrics', C.SweepMetrics],
  ['SweepTry', C.SweepTry],
  ['SweepRegionResult', C.SweepRegionResult],
  ['SweepDivergence', C.SweepDivergence],
  ['Sweep', refine(C.Sweep, C.SweepReport)],
  ['RunChanges', C.RunChanges],
  ['Schedule', C.Schedule],
  ['ScheduleRun', C.ScheduleRun],
  ['ScheduleDetail', C.ScheduleDetail],
  ['MeasureSchedule', C.MeasureSchedule],
  ['MeasureScheduleRun', C.MeasureScheduleRun],
  ['MeasureScheduleDetail', C.MeasureScheduleDetail],
  ['MeasurementCreated', C.MeasurementCreated],
  ['MeasureDevice', C.MeasureDevice],
  ['MeasurementResult', C.MeasureDeviceResult],
  ['MeasurementEntry', C.MeasurementEntry],
  ['Measurement', C.Measurement],
  ['CrawlCounts', C.CrawlCounts],
  ['SiteCrawlPage', C.CrawlPage],
  ['SiteCrawl', C.Crawl],
  ['SiteMap', C.SiteMap],
  ['Delivery', C.Delivery],
  ['DeliveryList', C.DeliveryList],
  ['DefaultWebhook', C.DefaultWebhook],
  ['Usage', C.Usage],
  ['Device', C.Device],
  ['DeviceList', refine(C.Devices, { devices: { type: 'array', items: C.Device } })],
];

// biome-ignore format: one keyword list
const PY_KEYWORDS = new Set(['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class',
  'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
  'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']);

const byValue = new Map<string, string>();
for (const [name, schema] of NAMED) byValue.set(JSON.stringify(schema), name);

const emitted = new Set<string>();
const blocks: string[] = [];

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const literal = (v: unknown) => JSON.stringify(v);

/** The Python type of a schema; objects with properties become TypedDicts named `name`. */
function typeOf(s: Schema, name: string): string {
  const known = byValue.get(JSON.stringify(s));
  if (known !== undefined && known !== name) return defineNamed(known, s);
  if ('const' in s) return `Literal[${literal(s.const)}]`;
  if (Array.isArray(s.enum)) return `Literal[${s.enum.map(literal).join(', ')}]`;
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union) {
    const consts = union.filter((m) => 'const' in m);
    if (consts.length === union.length) return `Literal[${consts.map((m) => literal(m.const)).join(', ')}]`;
    // A nullable object keeps the field's name; members of a real union get one of their own.
    const single = union.filter((m) => m.type !== 'null').length === 1;
    const parts = union.map((m, i) => typeOf(m, single ? name : `${name}${memberName(m, i)}`));
    return [...new Set(parts)].join(' | ');
  }
  switch (s.type) {
    case 'string':
      return 'str';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'null':
      return 'None';
    case 'array':
      return `list[${s.items ? typeOf(s.items as Schema, `${name}Item`) : 'Any'}]`;
    case 'object': {
      if (s.properties) return defineTypedDict(name, s);
      const pattern = s.patternProperties as Record<string, Schema> | undefined;
      const values = pattern ? Object.values(pattern)[0] : (s.additionalProperties as Schema | undefined);
      if (values && typeof values === 'object' && Object.keys(values).length > 0 && !('not' in values))
        return `dict[str, ${typeOf(values, `${name}Value`)}]`;
      return 'dict[str, Any]';
    }
    default:
      return 'Any';
  }
}

function memberName(m: Schema, i: number): string {
  const props = m.properties as Record<string, Schema> | undefined;
  const tag = props?.type?.const;
  if (typeof tag === 'string') return pascal(tag);
  // `{job}` or `{error}`: named by the one key it must have.
  const required = m.required as string[] | undefined;
  if (required?.length === 1) return pascal(required[0]!);
  return String(i + 1);
}

function defineNamed(name: string, s: Schema): string {
  if (emitted.has(name)) return name;
  if (s.type === 'object' && s.properties) return defineTypedDict(name, s);
  // A union or another non-object shape: a type alias.
  emitted.add(name);
  const target = typeOf({ ...s, description: undefined }, name);
  blocks.push(`${name}: TypeAlias = ${target}${docComment(s)}`);
  return name;
}

function docComment(s: Schema): string {
  return typeof s.description === 'string' ? `\n"""${s.description.replaceAll('"""', "'''")}"""` : '';
}

function defineTypedDict(name: string, s: Schema): string {
  if (emitted.has(name)) return name;
  emitted.add(name);
  const props = s.properties as Record<string, Schema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const fields = Object.entries(props).map(([key, prop]) => {
    const t = typeOf(prop, `${name}${pascal(key)}`);
    return { key, type: required.has(key) ? t : `NotRequired[${t}]`, doc: prop.description };
  });
  const classSyntax = fields.every((f) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(f.key) && !PY_KEYWORDS.has(f.key));
  const doc = typeof s.description === 'string' ? s.description : undefined;
  let block: string;
  if (classSyntax) {
    block = `class ${name}(TypedDict):\n`;
    if (doc) block += `    """${doc.replaceAll('"""', "'''")}"""\n\n`;
    block +=
      fields.length === 0
        ? '    pass\n'
        : fields
            .map(
              (f) =>
                `    ${f.key}: ${f.type}\n` +
                (typeof f.doc === 'string' ? `    """${f.doc.replaceAll('"""', "'''")}"""\n` : ''),
            )
            .join('');
  } else {
    block = `${name} = TypedDict(\n    ${literal(name)},\n    {\n${fields
      .map((f) => `        ${literal(f.key)}: ${f.type},\n`)
      .join('')}    },\n)\n`;
    if (doc) block += `"""${doc.replaceAll('"""', "'''")}"""\n`;
  }
  blocks.push(block.trimEnd());
  return name;
}

for (const [name, schema] of NAMED) defineNamed(name, schema as Schema);

const text = `# Generated by python/scripts/gen-types.ts from the contract's schemas (contract/). Do not edit:
# change the contract and run \`node --import tsx python/scripts/gen-types.ts\`.
"""Request and answer shapes of the coordinator API as TypedDicts.

Answers are the JSON the coordinator sent, as plain dicts; these types name their keys for type
checkers. Fields the coordinator adds later are kept in the dicts (clients ignore what they do not
know), and \`NotRequired\` marks a field that appears only when it applies. (No postponed
annotations here: TypedDict reads \`NotRequired\` only from evaluated ones.)
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

__all__ = [
${NAMED.map(([n]) => `    ${literal(n)},`).join('\n')}
]


${blocks.join('\n\n\n')}
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {}
  if (current !== text) {
    process.stderr.write(
      `${OUT} is not what the contract makes: run node --import tsx python/scripts/gen-types.ts\n`,
    );
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
}
