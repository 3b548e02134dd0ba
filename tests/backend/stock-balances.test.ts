/** stock-balances: a page of items' balances, per warehouse, with the closest expiry and the expiring flag. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ok } from './helpers';
import { backendWith, EXPIRY_DOCS as docs, line } from './ledger-fixtures';
import { untyped } from '../../worker/db';

test('stock-balances gives balances, per-warehouse balances, the closest expiry and the expiring flag', async () => {
  const b = await backendWith([...docs, line('purchase_item', 'p9', 'G', 1, { to: 'w1' })]);
  const rows = ok(await b.dispatch('stock-balances', { ids: ['E', 'G', 'unknown'] }));
  assert.equal(rows, [
    { id: 'E', balance: 17, warehouses: { store: 17 }, closest_expiry: new Date(2026, 4, 1).getTime(), expiring: true },
    { id: 'G', balance: 7, warehouses: { store: 6, w1: 1 }, closest_expiry: new Date(2026, 7, 1).getTime(), expiring: false },
    { id: 'unknown', balance: 0, warehouses: {}, expiring: false },
  ]);
  const w1 = ok(await b.dispatch('stock-balances', { ids: ['G'], warehouse: 'w1' }));
  assert.is(w1[0].balance, 1);
  await b.close();
});

test('balances follow a write once the ledger is ready', async () => {
  const b = await backendWith(docs);
  await untyped(b.ctx.db.main).put(line('sale_item', 's9', 'G', 6, { factor: -1 }));
  const rows = ok(await b.dispatch('stock-balances', { ids: ['G'] }));
  assert.is(rows[0].balance, 0); // out of stock at 0
  await b.close();
});

test.run();
