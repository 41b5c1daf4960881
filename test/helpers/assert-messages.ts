// Loaded before every test file (package.json, `--import`). When `assert.ok(value)` fails without a
// message, node:assert builds one by reading the test's source and parsing the expression at the
// call site; under tsx (whose source maps point into the TypeScript) that parse did not finish in
// minutes, so a failing check became a 240 s file timeout with no message at all. Here every
// `assert.ok` given no message gets one naming the value, and fails at once. (The tests call
// `assert.ok`, never the bare `assert(…)`, which this does not reach.)
import assert from 'node:assert';
import strict from 'node:assert/strict';
import { inspect } from 'node:util';

const describe = (value: unknown) =>
  `expected a truthy value, got ${inspect(value, { depth: 2, breakLength: Number.POSITIVE_INFINITY })}`;

for (const mod of [assert, strict]) {
  const ok: (value: unknown, message?: string | Error) => void = mod.ok;
  mod.ok = function okWithMessage(value: unknown, message?: string | Error): asserts value {
    if (value) return;
    ok(value, message ?? describe(value));
  };
}
