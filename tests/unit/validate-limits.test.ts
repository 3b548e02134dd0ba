/**
 * The server's bounds rule (server/couch/validate-limits.ts, ES5 inside validate_doc_update) refuses exactly
 * what the worker's docLimitsProblem (commands/lib/doc-limits.ts) refuses, with the same message: every field
 * of every kind of both tables, at, over and under its bound, and a value of the wrong type (neither side's
 * business).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_AMOUNT, MAX_PERCENT, MAX_QUANTITY } from '../../commands/lib/bounds';
import { DOC_BOUNDS, docLimitsProblem } from '../../commands/lib/doc-limits';
import { TEXT_LIMITS } from '../../commands/lib/text-limits';
import { limitRulesSource } from '../../server/couch/validate-limits';

const rule = new Function('newDoc', 'oldDoc', limitRulesSource()) as (doc: object, old?: object) => void;

function serverProblem(doc: object): string | undefined {
  try {
    rule(doc);
    return undefined;
  } catch (e) {
    const forbidden = (e as { forbidden?: string }).forbidden;
    if (forbidden === undefined) throw e;
    return forbidden;
  }
}

/** A document of `kind` holding `value` at `path` ('*' a one-element array, or a map when it is the last step). */
function docWith(kind: string, path: string, value: unknown): Record<string, unknown> {
  const steps = path.split('.');
  const build = (i: number): unknown => {
    if (i === steps.length) return value;
    if (steps[i] === '*') return i === steps.length - 1 ? { w1: value } : [build(i + 1)];
    return { [steps[i]]: build(i + 1) };
  };
  return { _id: 'x', stores: kind, ...(build(0) as object) };
}

test('every bounded number: the server refuses what the worker refuses, with the same message', () => {
  let cases = 0;
  for (const [kind, rules] of Object.entries(DOC_BOUNDS)) {
    for (const r of rules) {
      const max = r.kind === 'amount' ? MAX_AMOUNT : r.kind === 'quantity' ? MAX_QUANTITY : MAX_PERCENT;
      for (const value of [0, 1, max, max + 1, -max, -max - 1, -1, 0.5, 1e20, -1e20, '1e20', null, true]) {
        const doc = docWith(kind, r.path, value);
        assert.is(serverProblem(doc), docLimitsProblem(doc), `${kind} ${r.path} = ${String(value)}`);
        cases++;
      }
      assert.ok(docLimitsProblem(docWith(kind, r.path, 1e20)), `${kind} ${r.path} is bounded`);
    }
  }
  assert.ok(cases > 500, `${cases} cases`);
});

test('every limited text: the server refuses what the worker refuses, with the same message', () => {
  for (const [kind, rules] of Object.entries(TEXT_LIMITS)) {
    for (const r of rules) {
      for (const value of ['', 'x'.repeat(r.max), 'x'.repeat(r.max + 1), 'x'.repeat(5000), 5000, null]) {
        const doc = docWith(kind, r.path, value);
        assert.is(serverProblem(doc), docLimitsProblem(doc), `${kind} ${r.path} = ${String(value).slice(0, 12)}…`);
      }
    }
  }
  assert.is(serverProblem(docWith('item', 'name', 'A'.repeat(5000))), 'Item name must be at most 120 characters (this one has 5,000)');
  assert.is(serverProblem({ _id: 'x', stores: 'item', name: 'A'.repeat(5000), _deleted: true }), undefined, 'a deletion is not held to it');
});

test('a value stored before the rules is not judged again; a new or changed one is', () => {
  const legacy = { _id: 'x', stores: 'item', name: 'A'.repeat(300), price: 1e15 };
  const check = (doc: object) => {
    try {
      rule(doc, legacy);
      return undefined;
    } catch (e) {
      return (e as { forbidden?: string }).forbidden;
    }
  };
  assert.is(check({ ...legacy, delete_pending: true }), undefined);
  assert.is(check({ ...legacy, purchasePrice: 5 }), undefined);
  assert.is(check({ ...legacy, price: 1e16 }), 'Price must be below 1,000,000,000,000');
  assert.is(check({ ...legacy, name: 'B'.repeat(300) }), 'Item name must be at most 120 characters (this one has 300)');
});

test.run();
