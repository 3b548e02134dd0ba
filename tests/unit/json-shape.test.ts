/**
 * server/couch/json-shape.ts: the bounds on what a body parses into, counted as it arrives. Split anywhere
 * (inside a string, between a backslash and what it escapes) it counts as it does whole; brackets and commas
 * inside strings are not counted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JsonShape, checkJsonShape } from '../../server/couch/json-shape';
import { MAX_JSON_DEPTH } from '../../server/couch/limits';

const outcome = (text: string, sizes: number) => {
  const shape = new JsonShape(1);
  const raw = Buffer.from(text);
  try {
    for (let i = 0; i < raw.length; i += sizes) shape.push(raw.subarray(i, i + sizes));
    return 'ok';
  } catch (e) {
    return (e as { reason: string }).reason;
  }
};

test('strings with escaped quotes and backslashes, split at every size, hide their brackets', () => {
  const inner = '[['.repeat(MAX_JSON_DEPTH);
  const text = JSON.stringify({ a: `quote \\" ${inner} \\\\`, b: ['x\\\\', '\\"', inner], c: '\\\\\\"' + inner });
  for (let size = 1; size <= 12; size++) assert.is(outcome(text, size), 'ok', `chunks of ${size}`);
});

test('depth past the bound is refused however the body is split', () => {
  const text = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
  for (const size of [1, 3, 7, text.length]) assert.match(outcome(text, size), /nests deeper/);
  const ok = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
  assert.not.throws(() => checkJsonShape(Buffer.from(ok), 0));
});

test('a string ending in an escaped backslash at a chunk boundary closes where it should', () => {
  // "a\\" then [ outside the string: if the quote were taken as escaped, the [ would be hidden.
  const text = `{"s":"a\\\\",${'"k":['.repeat(1)}${'['.repeat(MAX_JSON_DEPTH)}`;
  for (let size = 1; size <= 10; size++) assert.match(outcome(text, size), /nests deeper/, `chunks of ${size}`);
});

test.run();
