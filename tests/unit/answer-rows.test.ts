/** server/couch/answer-rows.ts: rows cut from a listing's text exactly as a parse, filter and write would. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withoutRows } from '../../server/couch/answer-rows';

const design = (id: string) => id.startsWith('_design/');
const check = (answer: unknown, list: 'rows' | 'results') => {
  const text = JSON.stringify(answer);
  const out = withoutRows(text, list, design);
  const expected = JSON.parse(text);
  expected[list] = expected[list].filter((r: { id?: string; key?: string }) => !design(r.id ?? r.key ?? ''));
  assert.equal(JSON.parse(out ?? text), expected);
};

test('first, middle, last and only rows; rows without an id first; strings holding brackets and quotes', () => {
  const doc = (id: string) => ({ id, key: id, value: { rev: '1-a' }, doc: { _id: id, note: 'a ] } " \\" [ {', list: [[1], { a: '}' }] } });
  check({ total_rows: 4, offset: 0, rows: [doc('_design/x'), doc('a'), doc('b')] }, 'rows');
  check({ total_rows: 4, offset: 0, rows: [doc('a'), doc('_design/x'), doc('b')] }, 'rows');
  check({ total_rows: 4, offset: 0, rows: [doc('a'), doc('b'), doc('_design/x')] }, 'rows');
  check({ total_rows: 1, offset: 0, rows: [doc('_design/x')] }, 'rows');
  check({ total_rows: 2, offset: 0, rows: [{ key: '_design/y', error: 'not_found' }, { key: 'z', error: 'not_found' }] }, 'rows');
  check({ results: [{ id: 'a', changes: [{ rev: '1-a' }], seq: 1 }, { id: '_design/x', changes: [{ rev: '1-b' }], seq: 2 }], last_seq: 2 }, 'results');
  assert.is(withoutRows(JSON.stringify({ results: [{ id: 'a' }], last_seq: 1 }), 'results', design), undefined, 'nothing hidden: undefined');
});

test.run();
