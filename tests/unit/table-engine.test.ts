import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PRINT_CHUNK, type TableQuery } from '../../commands/table';
import { tablePage } from '../../worker/table/engine';

type Row = { _id: string; name: string; price?: number; date: number; client?: { name: string } };
const rows: Row[] = [
  { _id: 'a', name: 'Rice bag', price: 300, date: 10, client: { name: 'Zainab' } },
  { _id: 'b', name: 'Beans', price: 120, date: 20, client: { name: 'ade' } },
  { _id: 'c', name: 'Rice 10kg', date: 30, client: { name: 'Bola' } },
  { _id: 'd', name: 'Item 10', price: 120, date: 40 },
  { _id: 'e', name: 'Item 9', price: 5, date: 50 },
];
const spec = {
  search: (r: Row) => [r.name, r.price, r.client?.name],
  date: (r: Row) => r.date,
  summary: (m: readonly Row[]) => ({ count: m.length }),
};
const q = (over: Partial<TableQuery>): TableQuery => ({ offset: 0, limit: 10, ...over });
const ids = (over: Partial<TableQuery>, data = rows) => tablePage(data, q(over), spec).rows.map((r) => r._id).join('');

test('searches every word, case-insensitively, over the configured fields', () => {
  assert.is(ids({ search: 'RICE' }), 'ac');
  assert.is(ids({ search: 'rice 10' }), 'c');
  assert.is(ids({ search: '120' }), 'bd');
  assert.is(ids({ search: 'bola' }), 'c');
  assert.is(tablePage(rows, q({ search: 'nothing' }), spec).total, 0);
});

test('sorts numbers numerically and text naturally; blanks last both ways; ties keep their order', () => {
  assert.is(ids({ sort: { key: 'price', dir: 'asc' } }), 'ebdac');
  assert.is(ids({ sort: { key: 'price', dir: 'desc' } }), 'abdec');
  assert.is(ids({ sort: { key: 'name', dir: 'asc' } }), 'bedca');
  assert.is(ids({ sort: { key: 'client.name', dir: 'asc' } }), 'bcade');
  assert.is(ids({ sort: { key: 'client.name', dir: 'desc' } }), 'acbde');
});

test('sortValue overrides the field read for a key', () => {
  const page = tablePage(rows, q({ sort: { key: 'len', dir: 'asc' } }), { sortValue: (r: Row, key) => (key === 'len' ? r.name.length : undefined) });
  assert.is(page.rows.map((r) => r._id).join(''), 'bedac');
});

test('pages after filtering; total and summary cover every matching row; the range is inclusive', () => {
  const page = tablePage(rows, q({ offset: 1, limit: 2, sort: { key: 'date', dir: 'asc' }, range: { from: 20, to: 50 } }), spec);
  assert.is(page.rows.map((r) => r._id).join(''), 'cd');
  assert.is(page.total, 4);
  assert.is(page.offset, 1);
  assert.equal(page.summary, { count: 4 });
});

test('limits are clamped to 1..PRINT_CHUNK and offsets to the rows there are', () => {
  const many = Array.from({ length: PRINT_CHUNK + 10 }, (_, i) => ({ _id: String(i), name: `n${i}`, date: i }));
  assert.is(tablePage(many, q({ limit: 1e9 })).rows.length, PRINT_CHUNK);
  assert.is(tablePage(many, q({ limit: 0 })).rows.length, 1);
  assert.is(tablePage(many, q({ offset: 1e9 })).rows.length, 0);
});

test('a new array (data changed) is searched and sorted afresh, not from the old cache', () => {
  assert.is(ids({ search: 'beans', sort: { key: 'name', dir: 'asc' } }), 'b');
  const changed = rows.map((r) => (r._id === 'b' ? { ...r, name: 'Yam' } : r));
  assert.is(ids({ search: 'beans', sort: { key: 'name', dir: 'asc' } }, changed), '');
  assert.is(ids({ sort: { key: 'name', dir: 'asc' } }, changed), 'edcab');
});

test.run();
