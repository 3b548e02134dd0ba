/**
 * Stocktake (issue 30) with figures worked out by hand. Main store: Rice 10 (cost ₦1,000), Beans 5 (₦600),
 * Garri 100 (₦0.05). Two tills, A and B, synced through a server database.
 *   start (A)                         snapshot Rice 10, Beans 5, Garri 100
 *   A sells 2 Rice                    Rice 8 (before Rice is counted)
 *   A counts Rice 5, B counts Rice 2  two shelves of one item, two devices: counted 7; expected at the last
 *                                     count (B's, which has seen the sale) 8: difference −1, value −₦1,000
 *   A counts Beans 5, then sells 1    counted before the sale: expected 5, counted 5, difference 0; Beans 4
 *   A counts Garri 98                 expected 100, difference −2, value −₦0.10
 *   post (A)                          Rice 8 − 1 = 7, Beans 4 (the sale after the count stays sold), Garri 98;
 *                                     loss ₦1,000.10
 * A snapshot-only rule would have called the 2 sold Rice and the 1 sold Beans losses.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PouchDB } from '../../worker/pouch';
import type { NodeBackend } from '../../worker/backend';
import type { AuditDoc } from '../../commands/audit-docs';
import { BEANS, GARRI, OWNER, RICE, STORE_KEEPER } from '../support/fixtures';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { serverAudit } from './server-audit';
import { seed } from './sales-fixtures';

type Db = PouchDB.Database<Record<string, unknown>>;
const db = (b: NodeBackend) => b.ctx.db.main as unknown as Db;
const MIN = 60_000;
const WALK_IN = { with_account: false, name: 'Walk-in customer' };

async function lines(b: NodeBackend, id: string, view?: 'counted' | 'differences') {
  return ok(await b.dispatch('stocktake-lines', { id, offset: 0, limit: 100, ...(view ? { view } : {}) }));
}

test('a sale during the count is no loss; two devices counting one item add up; posting moves each difference', async () => {
  const clock = fixedClock(T0);
  const a = await makeBackend({ clock });
  serverAudit(a);
  const b = await makeBackend({ clock, user: { ...OWNER, policyPrefix: 'B' } });
  assert.is.not(a.ctx.device, b.ctx.device);
  const server = new PouchDB(`stocktake-server-${process.pid}`, { adapter: 'memory' }) as unknown as Db;
  const sync = async (from: NodeBackend, to: NodeBackend) => {
    await db(from).replicate.to(server);
    await db(to).replicate.from(server);
  };
  await seed(a, [RICE, BEANS, GARRI]);
  const { id } = ok(await a.dispatch('stocktake-start', {}));
  await sync(a, b);

  clock.set(T0 + MIN);
  ok(await a.dispatch('sale-create', { customer: WALK_IN, items: [{ id: RICE.id, name: RICE.name, price: RICE.price, quantity: 2 }], amount_paid: 2501 }));
  await sync(a, b);

  clock.set(T0 + 2 * MIN);
  assert.equal(ok(await a.dispatch('stocktake-count', { id, code: RICE.id, quantity: '5' })), { item: { id: RICE.id, name: RICE.name }, quantity: 5, counted: 5 });
  clock.set(T0 + 2 * MIN + 1000);
  // On till B, by name.
  assert.is(ok(await b.dispatch('stocktake-count', { id, code: 'Rice', quantity: 2 })).counted, 2, 'B knows only its own count until it syncs');
  await sync(b, a);

  clock.set(T0 + 3 * MIN);
  ok(await a.dispatch('stocktake-count', { id, code: BEANS.id, quantity: 5 }));
  clock.set(T0 + 4 * MIN);
  ok(await a.dispatch('sale-create', { customer: WALK_IN, items: [{ id: BEANS.id, name: BEANS.name, price: BEANS.price, quantity: 1 }], amount_paid: 800 }));
  ok(await a.dispatch('stocktake-count', { id, code: GARRI.id, quantity: 98 }));

  const review = await lines(a, id, 'counted');
  const row = (name: string) => review.rows.find((r) => r.name === name)!;
  assert.equal(
    [RICE, BEANS, GARRI].map((it) => {
      const r = row(it.name);
      return [r.name, r.start, r.moved, r.expected, r.counted, r.difference, r.value, r.counts, r.devices];
    }),
    [
      ['Rice', 10, -2, 8, 7, -1, -1000, 2, 2],
      ['Beans', 5, 0, 5, 5, 0, 0, 1, 1],
      ['Garri', 100, 0, 100, 98, -2, -0.1, 1, 1],
    ],
  );
  assert.equal(review.totals, { items: 3, counted: 3, differences: 2, gain: 0, loss: 1000.1, value: -1000.1 });
  assert.equal((await lines(a, id, 'differences')).rows.map((r) => r.name), ['Garri', 'Rice']);

  // A store keeper counts but does not post.
  a.ctx.setSession(STORE_KEEPER);
  const refused = await a.dispatch('stocktake-post', { id });
  assert.is(!refused.ok && refused.error.message, 'Only managers and the owner post a stocktake');
  a.ctx.setSession(OWNER);

  clock.set(T0 + 5 * MIN);
  assert.equal(ok(await a.dispatch('stocktake-post', { id })), { id: `stkp-${id}`, lines: 3 });
  await a.ctx.ledger.ready();
  assert.equal([RICE, BEANS, GARRI].map((it) => a.ctx.ledger.stock(it.id, { warehouse: 'store' })), [7, 4, 98]);
  // Posted: the lines are the posting's, counting and posting again are refused.
  const posted = await lines(a, id);
  assert.equal(posted.rows.map((r) => [r.name, r.difference]), [['Beans', 0], ['Garri', -2], ['Rice', -1]]);
  assert.is(posted.stocktake.posted?.value, -1000.1);
  const again = await a.dispatch('stocktake-post', { id });
  assert.is(!again.ok && again.error.message, 'This stocktake has been posted already');
  const late = await a.dispatch('stocktake-count', { id, code: RICE.id });
  assert.is(!late.ok && late.error.message, 'This stocktake has been posted already');
  // One audit entry for the posting (the server's gate writes it: ./server-audit.ts), listing the lines that moved.
  const audit = (await a.ctx.db.main.allDocs({ startkey: 'audit:', endkey: 'audit:\uffff', include_docs: true })).rows.map((r) => r.doc as unknown as AuditDoc);
  assert.equal(audit.map((e) => [e.action, e.changes]), [['stocktake-post', [{ field: 'Garri', before: '100', after: '98' }, { field: 'Rice', before: '8', after: '7' }]]]);
  // Till B sees the same once synced.
  await sync(a, b);
  await b.ctx.ledger.ready();
  assert.equal([RICE, BEANS, GARRI].map((it) => b.ctx.ledger.stock(it.id, { warehouse: 'store' })), [7, 4, 98]);
  const list = ok(await b.dispatch('stocktake-list', {}));
  assert.equal(list.map((s) => [s._id, s.warehouseName, s.items, s.posted?.lines]), [[id, 'Main store', 3, 3]]);
  await a.close();
  await b.close();
});

test('a count: scans count one, a typed quantity or a correction, unknown codes and posting nothing are refused', async () => {
  const b = await makeBackend();
  await seed(b, [RICE, BEANS]);
  const { id } = ok(await b.dispatch('stocktake-start', {}));
  assert.is(ok(await b.dispatch('stocktake-count', { id, code: RICE.id })).counted, 1);
  assert.is(ok(await b.dispatch('stocktake-count', { id, code: RICE.id, quantity: '' })).counted, 2);
  assert.is(ok(await b.dispatch('stocktake-count', { id, code: RICE.id, quantity: '-1' })).counted, 1);
  const none = await b.dispatch('stocktake-count', { id, code: 'nothing-like-this' });
  assert.is(!none.ok && none.error.message, 'No item matches nothing-like-this');
  const bad = await b.dispatch('stocktake-count', { id, code: RICE.id, quantity: 'abc' });
  assert.is(!bad.ok && bad.error.message, 'The count must be a number');
  const empty = ok(await b.dispatch('stocktake-start', {}));
  const nothing = await b.dispatch('stocktake-post', { id: empty.id });
  assert.is(!nothing.ok && nothing.error.message, 'Nothing has been counted yet');
  const all = await lines(b, id);
  assert.equal(all.rows.map((r) => [r.name, r.counted]), [['Beans', undefined], ['Rice', 1]]);
  await b.close();
});

test('a carton’s barcode counts its pieces: 2 cartons of 24 and 5 pieces are 53 pieces', async () => {
  const b = await makeBackend();
  const { id: item } = ok(
    await b.dispatch('item-create', { name: 'Indomie', quantity: 50, price: 220, purchasePrice: 150, unit: 'piece', units: [{ name: 'carton', factor: 24, price: 4800, barcode: '6151234500017' }] }),
  );
  const { id } = ok(await b.dispatch('stocktake-start', {}));
  const cartons = ok(await b.dispatch('stocktake-count', { id, code: '6151234500017', quantity: '2' }));
  assert.equal([cartons.quantity, cartons.counted, cartons.pack], [48, 48, { unit: 'carton', quantity: 2 }]);
  const pieces = ok(await b.dispatch('stocktake-count', { id, code: item, quantity: '5' }));
  assert.equal([pieces.quantity, pieces.counted, pieces.pack], [5, 53, undefined]);
  const line = (await lines(b, id)).rows.find((r) => r._id === item);
  assert.equal([line?.expected, line?.counted, line?.difference], [50, 53, 3]);
  await b.close();
});

test('a count of one category in another warehouse snapshots only that category there', async () => {
  const b = await makeBackend();
  const { id: depot } = ok(await b.dispatch('warehouse-create', { location: 'Ikeja depot' }));
  const { id: grains } = ok(await b.dispatch('category-create', { value: 'Grains' }));
  const rice = ok(await b.dispatch('item-create', { name: 'Rice', price: 100, purchasePrice: 80, quantity: 4, warehouse: depot, group: { id: grains, name: 'Grains' } })).id;
  ok(await b.dispatch('item-create', { name: 'Soap', price: 50, purchasePrice: 40, quantity: 9, warehouse: depot }));
  const { id } = ok(await b.dispatch('stocktake-start', { warehouse: depot, category: grains }));
  const page = await lines(b, id);
  assert.equal(page.rows.map((r) => [r._id, r.name, r.start]), [[rice, 'Rice', 4]]);
  assert.equal([page.stocktake.warehouseName, page.stocktake.category?.name], ['Ikeja depot', 'Grains']);
  ok(await b.dispatch('stocktake-count', { id, code: 'Rice', quantity: 6 }));
  ok(await b.dispatch('stocktake-post', { id }));
  await b.ctx.ledger.ready();
  assert.equal([b.ctx.ledger.stock(rice, { warehouse: depot }), b.ctx.ledger.stock(rice, { warehouse: 'store' })], [6, 0]);
  const unknown = await b.dispatch('stocktake-start', { warehouse: 'nowhere' });
  assert.is(!unknown.ok && unknown.error.message, 'Choose a warehouse');
  await b.close();
});

test('a posting too large for one document is refused before anything is written', async () => {
  const b = await makeBackend();
  // 5,000 items with 120-character names, each counted: the posting's lines pass the 1 MB the server takes.
  const name = (i: number) => `Item ${String(i).padStart(5, '0')} ${'x'.repeat(109)}`;
  const items = Array.from({ length: 5000 }, (_, i) => ({ _id: `7Abig${i}`, stores: 'item' as const, name: name(i), price: 10, purchasePrice: 8 }));
  await untypedBulk(b, items);
  const { id } = ok(await b.dispatch('stocktake-start', {}));
  const stamp = { username: OWNER.username, fullname: OWNER.fullname };
  await untypedBulk(b, items.map((it, i) => ({ _id: `stkc-${id}-t${i}`, stores: 'stocktake-count', stocktake: id, date: T0, user: stamp, device: 'dev', item: { id: it._id, name: it.name }, quantity: 1, expected_then: 0 })));
  const r = await b.dispatch('stocktake-post', { id });
  assert.is(!r.ok && r.error.message, 'This stocktake is too large for one document: count the warehouse one category at a time');
  const [row] = (await b.ctx.db.main.allDocs({ keys: [`stkp-${id}`] })).rows;
  assert.is('error' in row && row.error, 'not_found', 'no posting written');
  await b.close();
});

async function untypedBulk(b: NodeBackend, docs: object[]) {
  const res = await b.ctx.db.main.bulkDocs(docs as never[]);
  assert.ok(res.every((r) => !('error' in r && r.error)));
}

test.run();
