/**
 * Every live read declares the document kinds its answer depends on (commands/reads.ts, READS); the UI runs it
 * again only when a change names one of them, so a kind missing there leaves a screen stale. This test finds
 * what each read really depends on: in a shop holding at least one document of every kind, it takes away every
 * document of one kind at a time, runs every read (with inputs naming the seeded documents), and records each
 * read whose answer changed. Each such kind must be in that read's READS. Then the documents come back.
 * A new read command needs its inputs below (the table is typed over every read), a new kind its seed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { READS, type Args, type ReadName } from '../../commands/index';
import type { DocType } from '../../commands/docs';
import type { NodeBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';
import type { Database } from '../../worker/pouch';
import { putDoc, writeEach } from '../../worker/writes';
import { auditDocs, auditOfWrite } from '../../commands/audit/derive';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { configure } from './sales-fixtures';

/** Every kind a document can have; the type below fails to compile when a kind is added without its seed. */
const KINDS = [
  'audit', 'bank', 'cash-adjustment', 'category', 'config', 'credit-approval', 'current-plan', 'customer', 'supplier', 'damaged-goods',
  'expense', 'good-returns', 'invoice-header', 'invoice-policy', 'issue', 'issue_item', 'item', 'parked-sale', 'payment', 'purchase',
  'purchase_item', 'sale', 'sale_item', 'shift-close', 'shift-open', 'sms', 'sms-credit', 'sms-purchase', 'sms-units', 'stock',
  'stock-transfer', 'stocktake', 'stocktake-count', 'stocktake-post', 'variation', 'warehouse', 'warehouse-transfer',
] as const satisfies readonly DocType[];
type Missing = Exclude<DocType, (typeof KINDS)[number]>;
const everyKindListed: [Missing] extends [never] ? true : Missing = true;

const DAY = 86_400_000;
const q = { offset: 0, limit: 50 };
const range = { from: T0 - 30 * DAY, to: T0 + DAY };

type Ids = Record<string, string>;
/** The table demo's read is declared by a browser test's fixture (tests/e2e/fixtures/table-demo), not the app. */
type AppRead = Exclude<ReadName, 'table-demo'>;
type Inputs = { [K in AppRead]: (ids: Ids) => Args<K>[] };

const REPORTS = ['sales-period', 'sales-medium', 'sales-item', 'sales-category', 'sales-staff', 'sales-hour', 'profit-loss', 'vat', 'stock-valuation', 'slow-movers', 'top-customers', 'debtors-age'] as const;

const INPUTS: Inputs = {
  'audit-list': () => [{ ...q }],
  'bank-list': () => [{}],
  'banks-list': () => [{ ...q }],
  'bank-get': (ids) => [{ id: ids.bank }],
  'cashbook-list': () => [{ ...q, range }],
  'day-glance': () => [{}],
  'client-search': () => [
    { kind: 'customer', query: 'ch' },
    { kind: 'supplier', query: 'al' },
  ],
  'client-get': (ids) => [{ id: ids.customer }, { id: ids.supplier }],
  'client-list': () => [
    { ...q, kind: 'customer' },
    { ...q, kind: 'supplier' },
  ],
  'client-ageing': (ids) => [
    { kind: 'customer', ids: [ids.customer] },
    { kind: 'supplier', ids: [ids.supplier] },
  ],
  'client-credit': (ids) => [{ id: ids.customer }],
  'config-get': () => [{}],
  'plan-get': () => [{}],
  'backend-info': () => [{}],
  'expense-get': (ids) => [{ id: ids.expense }],
  'expenses-list': () => [{ ...q, range }],
  'invoice-header-get': () => [{}],
  'item-get': (ids) => [{ id: ids.rice }, { id: ids.rice, warehouse: ids.warehouse }],
  'item-search': () => [{ query: 'ri' }, { query: '' }],
  'item-scan': () => [{ code: '8901234567890' }],
  'category-list': () => [{}],
  'variation-list': () => [{}],
  'store-list': (ids) => [{ ...q }, { ...q, warehouse: ids.warehouse }],
  'reorder-list': () => [{}],
  'stock-balances': (ids) => [{ ids: [ids.rice, ids.beans] }],
  'expiring-items': () => [{ ...q }],
  'stock-statement': (ids) => [{ ...q, items: ids.rice }],
  'client-statement': (ids) => [
    { ...q, account: ids.customer },
    { ...q, account: ids.supplier },
  ],
  'bank-statement': (ids) => [{ ...q, account: ids.bank }, { ...q, account: 'cash' }],
  'parked-list': () => [{}],
  'payment-get': (ids) => [{ id: ids.payment }],
  'purchase-get': (ids) => [{ id: ids.purchase }],
  'purchases-list': () => [{ ...q, range }],
  'report-rows': () => REPORTS.map((report) => ({ ...q, report, range })),
  'sale-get': (ids) => [{ id: ids.sale }],
  'sales-list': () => [{ ...q, range }],
  'transport-list': () => [{ ...q, range }],
  'invoice-next': () => [{}],
  'shift-current': () => [{}],
  'shift-report': (ids) => [{ id: ids.shift }],
  'shift-list': () => [{}],
  'sms-balance': () => [{}],
  'sms-log': () => [{ ...q }],
  'stocktake-list': () => [{}],
  'stocktake-lines': (ids) => [{ ...q, id: ids.stocktake }],
  'warehouse-list': () => [{}],
};

/** A shop with documents of every kind, made through the commands where the worker writes them. */
async function shop(): Promise<{ b: NodeBackend; ids: Ids }> {
  const clock = fixedClock(T0 - 2 * DAY);
  const b = await makeBackend({ clock });
  const ids: Ids = {};
  await configure(b, { useVat: true, trackTransport: true, editableInvoice: true, smsOnSale: true, trackExpiry: true });
  await putDoc(b.ctx.db.shared, { _id: 'sms-credit-initial', stores: 'sms-credit', units: 20, reason: 'initial', date: 0 });
  await putDoc(b.ctx.db.shared, { _id: 'sms-purchase-1', stores: 'sms-purchase', units: 5, amount: 1000, reference: 'ok:1000', date: 0, user: { username: 'v2_ada', fullname: 'Ada Obi' } });
  await putDoc(b.ctx.db.shared, { _id: 'sms-units-1', stores: 'sms-units', units: 1, date: 0 });
  await putDoc(b.ctx.db.shared, { _id: 'current-plan', stores: 'current-plan', plan: 'trial', expires: T0 + 30 * DAY });
  // Audit entries are the server's to write (the /db gate, commands/audit/derive.ts): one here as it would write it.
  const [entry] = auditDocs(auditOfWrite({ _id: '4seed', stores: 'customer', name: 'Seed', credit_limit: 5000 }, undefined), { now: T0 - 2 * DAY, user: { username: 'v2_ada', fullname: 'Ada Obi' }, device: 'seed', deviceLabel: 'Chrome on Linux', random: () => 'r1' });
  await putDoc(b.ctx.db.main, entry);
  ids.warehouse = ok(await b.dispatch('warehouse-create', { location: 'Ikeja' })).id;
  ok(await b.dispatch('category-create', { value: 'Grains' }));
  ok(await b.dispatch('variation-create', { type: 'Size', value: 'Big' }));
  ids.rice = ok(await b.dispatch('item-create', { name: 'Rice', price: 1000, purchasePrice: 800, quantity: 20, barcode: '8901234567890', expiry_date: T0 + 10 * DAY })).id;
  ids.beans = ok(await b.dispatch('item-create', { name: 'Beans', price: 500, purchasePrice: 300, quantity: 10 })).id;
  ids.customer = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chioma', phone_number: '08030000000', balance: 100 }))._id;
  ids.other = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chidi' }))._id;
  ids.supplier = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Alaba Traders', balance: -50 }))._id;
  ids.bank = ok(await b.dispatch('bank-create', { name: 'GTB' })).id;
  ids.shift = ok(await b.dispatch('shift-open', { float: 1000 })).id;
  clock.set(T0 - DAY);
  const chioma = { with_account: true, name: 'Chioma', phone_number: '08030000000', account_ref: ids.customer };
  ids.sale = ok(
    await b.dispatch('sale-create', {
      customer: chioma,
      items: [{ id: ids.rice, name: 'Rice', price: 1000, quantity: 2 }],
      vat: { percentage: 7.5, type: 'exclusive', withold: false },
      transport: { total: 300, paid: 100, paidByCustomer: true },
      bank: { name: { ref: ids.bank, name: 'GTB' }, amount: 500 },
      amount_paid: 1000,
      confirmDebt: true,
    }),
  ).id;
  ids.purchase = ok(
    await b.dispatch('purchase-create', {
      supplier: { name: 'Alaba Traders', account_ref: ids.supplier },
      invoice_number: 'INV-1',
      date: T0 - DAY,
      amount_paid: 1000,
      acceptDebt: true,
      items: [{ id: ids.beans, name: 'Beans', quantity: 4, price: 300, expiry_date: T0 + 5 * DAY }],
    }),
  ).id;
  ids.payment = ok(await b.dispatch('payment-create', { kind: 'customer', client: ids.customer, factor: -1, amount: 200, medium: 'cash' })).id;
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: ids.customer, factor: 1, amount: 30 }));
  ok(await b.dispatch('stock-transfer-create', { sender: ids.customer, recipient: ids.other, item: { id: ids.rice, name: 'Rice' }, quantity: 1, send_price: 10, receive_price: 12 }));
  ids.expense = ok(await b.dispatch('expense-create', { amount: 150, source: 'cash', description: 'Water', category: 'Utilities' })).id;
  ok(await b.dispatch('issue-create', { direction: 'issue-out', date: T0 - DAY, collector: { name: 'Musa' }, items: [{ id: ids.rice, name: 'Rice', quantity: 1, price: 1000 }], amount_paid: 1000 }));
  ok(await b.dispatch('return-create', { kind: 'customer', item: ids.beans, quantity: 1, client: { name: 'Chioma', account_ref: ids.customer } }));
  ok(await b.dispatch('return-create', { kind: 'damaged', item: ids.beans, quantity: 1 }));
  ok(await b.dispatch('warehouse-transfer', { item: ids.rice, quantity: 2, from: 'store', to: ids.warehouse }));
  ok(await b.dispatch('parked-save', { label: 'Table 4', source: 'quick', lines: [{ id: ids.beans, name: 'Beans', price: 500, quantity: 1 }] }));
  ok(await b.dispatch('invoice-header-set', { content: '<p>Ada Stores</p>', size: { width: '100%', height: 'auto' } }));
  clock.set(T0);
  ids.stocktake = ok(await b.dispatch('stocktake-start', {})).id;
  ok(await b.dispatch('stocktake-count', { id: ids.stocktake, code: 'Beans', quantity: 3 }));
  // A second stocktake posted (the first stays open, so its lines read counts and the posting reads both).
  const posted = ok(await b.dispatch('stocktake-start', {})).id;
  ok(await b.dispatch('stocktake-count', { id: posted, code: 'Rice', quantity: 12 }));
  ok(await b.dispatch('stocktake-post', { id: posted }));
  ok(await b.dispatch('shift-close', { id: ids.shift, count: [{ value: 1000, count: 2 }] }));
  ok(await b.dispatch('shift-open', { float: 500 }));
  // Written only by the server: a manager's credit approval.
  await putDoc(b.ctx.db.main, { _id: 'credit-approval-x1', stores: 'credit-approval', customer: ids.customer, manager: { username: 'v2_ada', fullname: 'Ada Obi' }, date: T0, used_by: [] });
  await b.settled();
  return { b, ids };
}

/** An answer without what a write-back changes by itself (revisions), for comparing. */
function comparable(value: unknown): string {
  return JSON.stringify(value, (key, v) => (key === '_rev' ? undefined : v));
}

async function answers(b: NodeBackend, ids: Ids): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of Object.keys(INPUTS) as AppRead[]) {
    const inputs = (INPUTS[name] as (ids: Ids) => unknown[])(ids);
    for (const [i, input] of inputs.entries()) out.set(`${name}#${i}`, comparable(await b.dispatch(name, input as never)));
  }
  return out;
}

async function docsOfKind(db: Database, kind: string) {
  const all = await db.allDocs({ include_docs: true });
  return all.rows.map((r) => r.doc as unknown as Record<string, unknown> & { _id: string; _rev: string }).filter((d) => d && d.stores === kind && !String(d._id).startsWith('_design/'));
}

test('every read declares each kind its answer depends on', async () => {
  assert.ok(everyKindListed);
  const { b, ids } = await shop();
  const dbs = [b.ctx.db.main, b.ctx.db.shared, b.ctx.db.denormalized, b.ctx.db.local].map((d) => untyped(d));
  const baseline = await answers(b, ids);
  const refused = [...baseline].filter(([, a]) => !a.startsWith('{"ok":true')).map(([key, a]) => `${key}: ${a}`);
  assert.equal(refused, [], 'every read answers its inputs');
  const unseeded: string[] = [];
  /** Every (read, kind) whose answer moved: the test looks at something (a few hundred of them). */
  const seen: string[] = [];
  const missing: string[] = [];
  for (const kind of KINDS) {
    const found = (await Promise.all(dbs.map(async (db) => ({ db, docs: await docsOfKind(db, kind) })))).filter((f) => f.docs.length);
    if (!found.length) {
      unseeded.push(kind);
      continue;
    }
    for (const { db, docs } of found) await writeEach(db, docs.map((d) => ({ ...d, _deleted: true })));
    await b.settled();
    b.ctx.configChanged();
    const without = await answers(b, ids);
    for (const [key, answer] of without) {
      const name = key.slice(0, key.indexOf('#')) as AppRead;
      const declared = READS[name] as readonly string[];
      if (answer === baseline.get(key)) continue;
      seen.push(`${key} ${kind}`);
      if (!declared.includes(kind)) missing.push(`${key} depends on '${kind}'`);
    }
    // Back as they were (each on top of its deletion), so the next kind starts from the same shop.
    for (const { db, docs } of found) {
      const now = new Map((await db.allDocs({ keys: docs.map((d) => d._id) })).rows.map((r) => [r.key, (r as { value?: { rev: string } }).value?.rev]));
      await writeEach(db, docs.map((d) => ({ ...d, _rev: now.get(d._id) })));
    }
    await b.settled();
    b.ctx.configChanged();
  }
  assert.equal(unseeded, [], 'the shop holds a document of every kind');
  console.log(`${seen.length} (read, kind) dependencies found`);
  assert.equal(missing, []);
  await b.close();
});

test.run();
