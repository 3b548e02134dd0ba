/**
 * The audit log (issues 30 and 36): each recorded action gets one entry with who, when and before/after,
 * written by the server's /db gate from what the worker wrote (played here by ./server-audit.ts, which also
 * fails any test in which the worker writes an entry itself); a refused action gets none; audit-list reads one
 * date range and filters by person and kind, for the owner only.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AuditDoc } from '../../commands/audit-docs';
import { quickRange } from '../../commands/lib/dates';
import type { NodeBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { AGENT, MANAGER, OWNER, PALM_OIL, RICE, RICE_BAG } from '../support/fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { purchaseForm } from './purchase-fixtures';
import { seedItems } from './item-seed';
import { serverAudit } from './server-audit';

const DAY = 86_400_000;

/** The log's entries, oldest first; the settings a test configures are left out unless asked for. */
async function entries(b: NodeBackend, withSettings = false): Promise<AuditDoc[]> {
  const res = await b.ctx.db.main.allDocs({ startkey: 'audit:', endkey: 'audit:\uffff', include_docs: true });
  return res.rows.map((r) => r.doc as unknown as AuditDoc).filter((e) => withSettings || e.action !== 'setting-change');
}

/** Counts bulkDocs calls on the main database, so a test can say the action and its entry were one batch. */
function countBatches(b: NodeBackend) {
  let batches = 0;
  const main = untyped(b.ctx.db.main);
  const bulk = main.bulkDocs.bind(main);
  main.bulkDocs = ((...a: Parameters<typeof bulk>) => (batches++, bulk(...a))) as typeof bulk;
  return () => batches;
}

test('a deletion gets its entry: who, when, what it was; the sale and its lines are one batch', async () => {
  const b = await makeBackend();
  serverAudit(b);
  await seed(b);
  await configure(b, { deletePolicy: 'all' });
  const sale = ok(await b.dispatch('sale-create', saleInput()));
  const batches = countBatches(b);
  ok(await b.dispatch('sale-delete', { id: sale.id }));
  assert.is(batches(), 1, 'the sale and its lines are one bulkDocs');
  const [e] = await entries(b);
  assert.is(e.action, 'delete');
  assert.is(e.user.username, OWNER.username);
  assert.is(e.date, T0);
  assert.is(e.device, b.ctx.device);
  assert.ok(e._id.startsWith(`audit:${String(T0).padStart(13, '0')}:`));
  assert.equal(e.target, { kind: 'sale', id: sale.id, label: `Sale ${sale.invoice_number}` });
  assert.is(e.changes[0].after, 'Deleted');
  assert.match(e.changes[0].before, /Sale of Rice/);
  assert.match(e.changes[0].before, /total 2501/);
  await b.close();
});

test('a refused deletion writes nothing; review: request, reject, request again, accept', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  serverAudit(b);
  await seed(b);
  const sale = ok(await b.dispatch('sale-create', saleInput()));
  const refused = await b.dispatch('sale-delete', { id: sale.id }); // the default policy allows no deletion
  assert.is(refused.ok, false);
  assert.equal(await entries(b), []);

  await configure(b, { deletePolicy: 'all', reviewDelete: 'admin' });
  const as = (user: typeof OWNER) => {
    clock.advance(1000); // entries sort by their date
    b.ctx.setSession(user);
  };
  as(AGENT);
  assert.equal(ok(await b.dispatch('sale-delete', { id: sale.id })), { outcome: 'marked' });
  as(OWNER);
  assert.equal(ok(await b.dispatch('sale-delete', { id: sale.id, review: 'reject' })), { outcome: 'rejected' });
  as(AGENT);
  ok(await b.dispatch('sale-delete', { id: sale.id }));
  as(OWNER);
  assert.equal(ok(await b.dispatch('sale-delete', { id: sale.id, review: 'accept' })), { outcome: 'deleted' });
  const log = await entries(b);
  assert.equal(
    log.map((e) => [e.action, e.user.username, e.changes[0].after]),
    [
      ['delete-request', AGENT.username, 'Marked for deleting'],
      ['delete-reject', OWNER.username, `Kept (deletion asked by ${AGENT.fullname})`],
      ['delete-request', AGENT.username, 'Marked for deleting'],
      ['delete-accept', OWNER.username, 'Deleted'],
    ],
  );
  await b.close();
});

test('a sale edit records what changed: lines and totals, before and after', async () => {
  const b = await makeBackend();
  serverAudit(b);
  await seed(b);
  await configure(b, { editableInvoice: true });
  const sale = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 2501 })));
  b.ctx.setSession(MANAGER);
  const batches = countBatches(b);
  ok(await b.dispatch('sale-update', { id: sale.id, items: [line(RICE, 3)], amount_paid: 3751.5 }));
  assert.is(batches(), 1);
  const [e] = await entries(b);
  assert.is(e.action, 'sale-edit');
  assert.is(e.user.username, MANAGER.username);
  assert.equal(
    e.changes.filter((c) => c.field !== 'Date'),
    [
      { field: 'Total due', before: '2,501.00', after: '3,751.50' },
      { field: 'Amount paid', before: '2,501.00', after: '3,751.50' },
      { field: 'Items', before: 'Rice × 2 @ 1,250.50', after: 'Rice × 3 @ 1,250.50' },
    ],
  );
  await b.close();
});

test('a purchase edit records what changed', async () => {
  const b = await makeBackend();
  serverAudit(b);
  await seedItems(b, [RICE_BAG, PALM_OIL]);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  ok(await b.dispatch('purchase-update', { ...purchaseForm({ amount_paid: 2000 }), items: [{ id: PALM_OIL._id, name: PALM_OIL.name, quantity: 4, price: 500 }], id }));
  const [e] = await entries(b);
  assert.is(e.action, 'purchase-edit');
  assert.equal(e.target, { kind: 'purchase', id, label: 'Purchase INV-001' });
  assert.equal(e.changes, [
    { field: 'Total due', before: '111,000.00', after: '2,000.00' },
    { field: 'Amount paid', before: '111,000.00', after: '2,000.00' },
    { field: 'Items', before: 'Rice 50kg × 2 @ 52,000.00; Palm oil × 1 @ 7,000.00', after: 'Palm oil × 4 @ 500.00' },
  ]);
  await b.close();
});

test('a price change is recorded; an edit that keeps the prices is not', async () => {
  const b = await makeBackend();
  serverAudit(b);
  await seedItems(b, [RICE_BAG]);
  ok(await b.dispatch('item-update', { id: RICE_BAG._id, description: 'Long grain' }));
  assert.equal(await entries(b), []);
  ok(await b.dispatch('item-update', { id: RICE_BAG._id, price: 61000, purchasePrice: 52000 }));
  const [e] = await entries(b);
  assert.is(e.action, 'price-change');
  assert.equal(e.target, { kind: 'item', id: RICE_BAG._id, label: RICE_BAG.name });
  assert.equal(e.changes, [{ field: 'Price', before: '60,000.00', after: '61,000.00' }]);
  await b.close();
});

test('a credit limit set or changed is recorded; an edit that keeps it is not', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  serverAudit(b);
  const made = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Bola' }));
  ok(await b.dispatch('client-update', { id: made._id, name: 'Bola', credit_limit: '20000' }));
  ok(await b.dispatch('client-update', { id: made._id, name: 'Bola A.' }));
  clock.advance(1000); // entries sort by their date
  ok(await b.dispatch('client-update', { id: made._id, name: 'Bola A.', credit_limit: '15000' }));
  const log = await entries(b);
  assert.equal(
    log.map((e) => [e.action, e.target.label, e.changes]),
    [
      ['credit-limit-change', 'Bola', [{ field: 'Credit limit', before: '', after: '20,000.00' }]],
      ['credit-limit-change', 'Bola A.', [{ field: 'Credit limit', before: '20,000.00', after: '15,000.00' }]],
    ],
  );
  await b.close();
});

test("a price level price set, changed or removed is a price change named by its level; a customer's level change is recorded", async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  serverAudit(b);
  await configure(b, { priceLevels: [{ id: 'wholesale', name: 'Wholesale', minQuantity: 12 }, { id: 'distributor', name: 'Distributor' }] });
  const id = ok(await b.dispatch('item-create', { name: 'Indomie', price: 220, purchasePrice: 150, quantity: 100, levelPrices: { wholesale: '200' } })).id;
  ok(await b.dispatch('item-update', { id, levelPrices: { wholesale: 190, distributor: 180 } }));
  clock.advance(1000); // entries sort by their date
  const chi = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chi' }));
  ok(await b.dispatch('client-update', { id: chi._id, name: 'Chi', defaultLevel: 'wholesale' }));
  ok(await b.dispatch('client-update', { id: chi._id, name: 'Chi O.' }));
  const [e, level] = await entries(b);
  assert.is(level.action, 'level-change');
  assert.equal([level.target.label, level.changes], ['Chi', [{ field: 'Price level', before: 'Retail', after: 'Wholesale' }]]);
  assert.is(e.action, 'price-change');
  assert.equal(e.changes, [
    { field: 'Wholesale price', before: '200.00', after: '190.00' },
    { field: 'Distributor price', before: '', after: '180.00' },
  ]);
  await b.close();
});

test('a setting change names the setting and its values; saving the same value records nothing', async () => {
  const b = await makeBackend();
  serverAudit(b);
  await configure(b, { deletePolicy: 'managers' });
  await configure(b, { deletePolicy: 'managers' });
  const log = await entries(b, true);
  assert.is(log.length, 1);
  assert.is(log[0].action, 'setting-change');
  assert.equal(log[0].changes, [{ field: 'Who may delete', before: 'Not allowed', after: 'Managers and admin' }]);
  await b.close();
});

test('a shift closed with a difference is recorded with expected, counted and the difference', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  serverAudit(b);
  const shift = ok(await b.dispatch('shift-open', { float: 5000 }));
  clock.advance(60_000);
  ok(await b.dispatch('shift-close', { id: shift.id, count: [{ value: 1000, count: 4 }, { value: 500, count: 1 }] }));
  clock.advance(60_000);
  const exact = ok(await b.dispatch('shift-open', { float: 1000 }));
  clock.advance(60_000);
  ok(await b.dispatch('shift-close', { id: exact.id, count: [{ value: 1000, count: 1 }] }));
  const log = await entries(b);
  assert.is(log.length, 1, 'only the shift with a difference');
  assert.is(log[0].action, 'shift-difference');
  assert.equal(log[0].changes.map((c) => [c.field, c.after]), [['Expected cash', '5,000.00'], ['Counted cash', '4,500.00'], ['Difference', '-500.00']]);
  await b.close();
});

test('audit-list: one date range, by person and kind, owner only', async () => {
  const clock = fixedClock(T0 - 2 * DAY);
  const b = await makeBackend({ clock });
  serverAudit(b);
  await seedItems(b, [RICE_BAG]);
  ok(await b.dispatch('item-update', { id: RICE_BAG._id, price: 61000 })); // two days ago, owner
  clock.set(T0);
  await configure(b, { deletePolicy: 'all' }); // today, owner
  b.ctx.setSession(MANAGER);
  ok(await b.dispatch('item-update', { id: RICE_BAG._id, price: 62000 })); // today, manager
  b.ctx.setSession(OWNER);

  const today = quickRange('today', T0);
  const all = ok(await b.dispatch('audit-list', { offset: 0, limit: 50, range: today }));
  assert.is(all.total, 2, 'the entry of two days ago is outside the range');
  assert.equal(all.rows.map((r) => r.action).sort(), ['price-change', 'setting-change']);
  assert.equal(all.people, [{ username: OWNER.username, fullname: OWNER.fullname }, { username: MANAGER.username, fullname: MANAGER.fullname }]);
  const manager = ok(await b.dispatch('audit-list', { offset: 0, limit: 50, range: today, person: MANAGER.username }));
  assert.equal(manager.rows.map((r) => [r.person, r.action, r.detail]), [[MANAGER.fullname, 'price-change', 'Price: 61,000.00 → 62,000.00']]);
  const prices = ok(await b.dispatch('audit-list', { offset: 0, limit: 50, range: { from: T0 - 3 * DAY, to: T0 + DAY }, action: 'price-change' }));
  assert.equal(prices.rows.map((r) => r.detail), ['Price: 61,000.00 → 62,000.00', 'Price: 60,000.00 → 61,000.00'], 'newest first');
  const searched = ok(await b.dispatch('audit-list', { offset: 0, limit: 50, range: today, search: 'who may delete' }));
  assert.is(searched.total, 1);

  // The list reads only the range's ids: an entry filed under another day is not looked at.
  const reads: unknown[] = [];
  const main = untyped(b.ctx.db.main);
  const allDocs = main.allDocs.bind(main);
  main.allDocs = ((opts: unknown) => (reads.push(opts), allDocs(opts as never))) as typeof allDocs;
  ok(await b.dispatch('audit-list', { offset: 0, limit: 50, range: today }));
  assert.equal(reads, [{ startkey: `audit:${String(today.from).padStart(13, '0')}`, endkey: `audit:${String(today.to).padStart(13, '0')}\uffff`, include_docs: true }]);
  main.allDocs = allDocs;

  b.ctx.setSession(MANAGER);
  const refused = await b.dispatch('audit-list', { offset: 0, limit: 50, range: today });
  assert.is(!refused.ok && refused.error.message, 'Only the owner can read the audit log');
  await b.close();
});

test('issue 39: the log names the device as the Devices screen does and says amounts as amounts', async () => {
  const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: agent }, configurable: true });
  try {
    const b = await makeBackend();
    serverAudit(b);
    const id = ok(await b.dispatch('item-create', { name: 'Rice 50kg', price: 80625, purchasePrice: 70000 })).id;
    ok(await b.dispatch('item-update', { id, price: 107.5 }));
    const page = ok(await b.dispatch('audit-list', { offset: 0, limit: 10, range: quickRange('month', T0) }));
    const row = page.rows.find((r) => r.action === 'price-change')!;
    assert.equal([row.device, row.deviceId, row.detail], ['Chrome on Windows', b.ctx.device, 'Price: 80,625.00 → 107.50']);
    await b.close();
  } finally {
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete (globalThis as { navigator?: unknown }).navigator;
  }
});

test.run();
