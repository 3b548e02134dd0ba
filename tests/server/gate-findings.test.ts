/**
 * Issue 36, findings 1-6, over real HTTP as each staff level: what the roles are meant to stop, the /db gate
 * refuses (server/couch/gate.ts running commands/rules/), on every write route. Each of these was accepted on
 * a1cae3b.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Client } from './helpers';
import { freshServer } from './helpers';
import { castOf, type Cast } from './security-cast';
import { CLIENT_TERMS_MESSAGE } from '../../commands/rules/client-terms';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Gate Shop');
});
test.after(async () => {
  await env?.stop();
});

type Doc = { _id: string; _rev?: string } & Record<string, any>;
const stamp = (level: number, fullname = `Level ${level}`) => ({ username: cast.usernames[level], fullname, level });
let serial = 0;

const refused = (r: { status: number; body: any }) => r.status === 403 || (Array.isArray(r.body) && r.body.length > 0 && r.body.every((x: { error?: string }) => x.error === 'forbidden'));

async function bulk(client: Client, docs: Doc[], db = cast.dbs.main) {
  const res = await client.call('POST', `${db}/_bulk_docs`, { docs });
  assert.ok(Array.isArray(res.body) && res.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(res.body));
  const revs = new Map((res.body as { id: string; rev: string }[]).map((r) => [r.id, r.rev]));
  return docs.map((d) => ({ ...d, _rev: revs.get(d._id)! })) as Doc[];
}

/** A sale (or purchase) by `level` with one line, as the worker writes it: header and line in one batch. */
async function transaction(level: number, kind: 'sale' | 'purchase' = 'sale', price = 75000, paid = 4000) {
  const id = `${kind === 'sale' ? '2' : '3'}G${++serial}`;
  const date = Date.now();
  const line = { id: 'item1', name: 'Rice', quantity: 1, price };
  const head: Doc = { _id: id, stores: kind, date, user: stamp(level), items: [line], total_due: price, amount_paid: paid, invoice_number: `A-${serial}`, customer: { name: 'Chioma', with_account: false } };
  const lineDoc: Doc = { _id: `${id}-0`, stores: `${kind}_item`, date, user: stamp(level), ...line, transaction: { ref: id } };
  return bulk(cast.staff[level], [head, lineDoc]);
}

async function setting(key: string, value: unknown) {
  const shared = cast.dbs.shared;
  const current = await cast.staff[0].call('GET', `${shared}/config-${key}`);
  const res = await cast.staff[0].call('PUT', `${shared}/config-${key}`, { ...(current.status === 200 ? current.body : { stores: 'config', key }), value });
  assert.is(res.status, 201, JSON.stringify(res.body));
}

const stored = async (id: string) => (await cast.admin('GET', `/oja-${cast.id}/${id}`)).body;
/** A replicated child revision of `d` (new_edits=false), as a till's push writes it. */
const child = (d: Doc, extra: object) => {
  const hash = `beef${++serial}`;
  return { ...d, ...extra, _rev: `${Number(d._rev!.split('-')[0]) + 1}-${hash}`, _revisions: { start: Number(d._rev!.split('-')[0]) + 1, ids: [hash, d._rev!.split('-')[1]] } };
};

test("finding 1: a sales agent or store keeper cannot reprice, repay or re-line someone else's saved sale or purchase, on any route", async () => {
  await setting('editableInvoice', true);
  const [sale, line] = await transaction(0);
  const url = `${cast.dbs.main}/${sale._id}`;
  const cashier = cast.staff[3];
  const cheap = { ...sale, items: [{ ...sale.items[0], price: 100 }], total_due: 100, updatedBy: stamp(3) };
  assert.ok(refused(await cashier.call('PUT', url, cheap)), 'PUT reprice');
  assert.ok(refused(await cashier.call('PUT', url, { ...sale, amount_paid: 1, updatedBy: stamp(3) })), 'PUT amount_paid');
  assert.ok(refused(await cashier.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [cheap] })), '_bulk_docs');
  assert.ok(refused(await cashier.call('POST', `${cast.dbs.main}/_bulk_docs`, { new_edits: false, docs: [child(sale, { amount_paid: 1 })] })), 'new_edits=false');
  // The lines are the sale's: rewriting or removing one is an edit of it.
  assert.ok(refused(await cashier.call('PUT', `${cast.dbs.main}/${line._id}`, { ...line, price: 100 })), 'line reprice');
  assert.ok(refused(await cashier.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [{ ...line, _deleted: true }] })), 'line removal');
  const after = await stored(sale._id);
  assert.is(after.items[0].price, 75000);
  assert.is(after.amount_paid, 4000);
  // A store keeper and a purchase alike.
  const [purchase] = await transaction(0, 'purchase', 50000, 0);
  assert.ok(refused(await cast.staff[4].call('PUT', `${cast.dbs.main}/${purchase._id}`, { ...purchase, items: [{ ...purchase.items[0], price: 1 }], total_due: 1 })), 'purchase reprice');
  // Their own sale they edit while invoices are editable; the owner and a manager edit anyone's.
  const [own] = await transaction(3, 'sale', 500, 0);
  const ownEdit = await cashier.call('PUT', `${cast.dbs.main}/${own._id}`, { ...own, amount_paid: 500, updatedBy: stamp(3) });
  assert.is(ownEdit.status, 201, JSON.stringify(ownEdit.body));
  const managerEdit = await cast.staff[1].call('PUT', url, { ...sale, amount_paid: 5000, updatedBy: stamp(1) });
  assert.is(managerEdit.status, 201, JSON.stringify(managerEdit.body));
  await setting('editableInvoice', false);
  const locked = await cashier.call('PUT', `${cast.dbs.main}/${own._id}`, { ...own, _rev: ownEdit.body.rev, amount_paid: 1, updatedBy: stamp(3) });
  assert.is(locked.status, 403, 'editable invoices off: not even their own');
  assert.match(locked.body.reason, /editable invoices is off/);
});

test("finding 2: under 'not allowed' a deletion naming a line kind is still the deletion of the payment or sale it removes", async () => {
  const [payment] = await bulk(cast.staff[0], [{ _id: `5G${++serial}`, stores: 'payment', date: Date.now(), user: stamp(0), factor: -1, amount: 50000, medium: 'cash' }]);
  const res = await cast.staff[4].call('PUT', `${cast.dbs.main}/${payment._id}`, { _rev: payment._rev, _deleted: true, stores: 'purchase_item' });
  assert.is(res.status, 403, JSON.stringify(res.body));
  const [sale, line] = await transaction(0);
  const batch = await cast.staff[3].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [{ _id: sale._id, _rev: sale._rev, _deleted: true, stores: 'sale_item' }, { ...line, _deleted: true }] });
  assert.ok(refused(batch), JSON.stringify(batch.body));
  assert.is((await stored(payment._id)).amount, 50000);
  assert.is((await stored(sale._id)).total_due, 75000);
});

test('finding 3: a credit limit is not removed by deleting the customer and writing the same id again', async () => {
  const [customer] = await bulk(cast.staff[0], [{ _id: `4G${++serial}`, stores: 'customer', name: 'Chioma', date: 1, user: stamp(0), credit_limit: 5000 }]);
  const url = `${cast.dbs.main}/${customer._id}`;
  for (const level of [2, 3]) {
    const del = await cast.staff[level].call('DELETE', `${url}?rev=${customer._rev}`);
    assert.is(del.status, 403, `level ${level}: ${JSON.stringify(del.body)}`);
  }
  // Deleted by a manager, the id is not the cashier's to write again without the limit.
  const gone = await cast.staff[1].call('DELETE', `${url}?rev=${customer._rev}`);
  assert.is(gone.status, 200, JSON.stringify(gone.body));
  const again = await cast.staff[3].call('PUT', url, { stores: 'customer', name: 'Chioma', date: 1, user: stamp(3) });
  assert.is(again.status, 403, JSON.stringify(again.body));
});

test("a customer's discount and price level are the managers': a cashier's write that changes them is refused at the gate", async () => {
  const [customer] = await bulk(cast.staff[0], [{ _id: `4G${++serial}`, stores: 'customer', name: 'Bola', date: 1, user: stamp(0), discount: 5 }]);
  const url = `${cast.dbs.main}/${customer._id}`;
  const raised = await cast.staff[3].call('PUT', url, { ...customer, discount: 50 });
  assert.is(raised.status, 403, JSON.stringify(raised.body));
  assert.is(raised.body.reason, CLIENT_TERMS_MESSAGE);
  const fresh = await cast.staff[3].call('PUT', `${cast.dbs.main}/4G${++serial}`, { stores: 'customer', name: 'Tolu', date: 1, user: stamp(3), discount: 20 });
  assert.is(fresh.status, 403, JSON.stringify(fresh.body));
  assert.is(fresh.body.reason, CLIENT_TERMS_MESSAGE);
  // The same customer renamed by the cashier, terms untouched, passes; a manager changes the discount.
  const renamed = await cast.staff[3].call('PUT', url, { ...customer, name: 'Bola A.' });
  assert.is(renamed.status, 201, JSON.stringify(renamed.body));
  const managed = await cast.staff[1].call('PUT', url, { ...customer, _rev: renamed.body.rev, discount: 10 });
  assert.is(managed.status, 201, JSON.stringify(managed.body));
});

test("a cashier's new sale pushed header first and its line in the next batch is taken; a line the header does not list is an edit", async () => {
  await setting('editableInvoice', false);
  const id = `2G${++serial}`;
  const line = { id: 'item1', name: 'Rice', quantity: 2, price: 500 };
  const head: Doc = { _id: id, stores: 'sale', date: Date.now(), user: stamp(3), items: [line], total_due: 1000, amount_paid: 1000, invoice_number: `A-${serial}`, customer: { name: 'Walk-in', with_account: false } };
  await bulk(cast.staff[3], [head]);
  await bulk(cast.staff[3], [{ _id: `${id}-0`, stores: 'sale_item', date: head.date, user: stamp(3), ...line, transaction: { ref: id } }]);
  const extra = await cast.staff[3].call('PUT', `${cast.dbs.main}/${id}-1`, { stores: 'sale_item', date: head.date, user: stamp(3), ...line, price: 1, transaction: { ref: id } });
  assert.is(extra.status, 403, JSON.stringify(extra.body));
});

test("finding 4: no member writes an audit entry, and a stamp shows the name the server knows, not the document's", async () => {
  const date = Date.now() - 86_400_000;
  const entry = {
    _id: `audit:${String(date).padStart(13, '0')}:x${++serial}`,
    stores: 'audit',
    date,
    user: { username: cast.usernames[3], fullname: 'Owner Full Name', level: 0 },
    device: 'Owner laptop',
    action: 'delete',
    target: { kind: 'sale', id: '2x', label: 'Sale A-1' },
    changes: [],
  };
  for (const level of [0, 1, 2, 3, 4]) {
    assert.ok(refused(await cast.staff[level].call('PUT', `${cast.dbs.main}/${entry._id}${level}`, { ...entry, _id: undefined, user: stamp(level) })), `level ${level} PUT`);
    assert.ok(refused(await cast.staff[level].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [{ ...entry, _id: `${entry._id}b${level}`, user: stamp(level) }] })), `level ${level} bulk`);
  }
  const [expense] = await bulk(cast.staff[3], [{ _id: `aG${++serial}`, stores: 'expense', date: Date.now(), user: stamp(3, 'The Owner Himself'), amount: 5, source: 'cash', description: 'Rent' }]);
  assert.is((await stored(expense._id)).user.fullname, 'Tayo Staff');
});

test('finding 5: invoice numbers cannot be reset or borrowed: own prefix + tag, a whole counter, never backwards', async () => {
  const me = cast.usernames[3];
  const shared = cast.dbs.shared;
  const cashier = cast.staff[3];
  const mine = (await cashier.call('GET', `${shared}/invoice-policy-${me}`)).body;
  assert.ok(refused(await cashier.call('PUT', `${shared}/invoice-policy-${me}-x`, { stores: 'invoice-policy', prefix: 'A', counter: 0 })), "the owner's prefix");
  assert.ok(refused(await cashier.call('PUT', `${shared}/invoice-policy-${me}-y`, { stores: 'invoice-policy', prefix: { x: 1 }, counter: 'NaN' })), 'no prefix, no counter');
  const made = await cashier.call('PUT', `${shared}/invoice-policy-${me}-k7Q`, { stores: 'invoice-policy', prefix: `${mine.prefix}k7Q-`, counter: 5 });
  assert.is(made.status, 201, JSON.stringify(made.body));
  assert.ok(refused(await cashier.call('PUT', `${shared}/invoice-policy-${me}-k7Q`, { stores: 'invoice-policy', _rev: made.body.rev, prefix: `${mine.prefix}k7Q-`, counter: 0 })), 'backwards');
});

test('finding 6: money has a sign: a negative amount paid or payment is refused at the gate', async () => {
  const date = Date.now();
  const cases: [number, Doc][] = [
    [3, { _id: `2G${++serial}`, stores: 'sale', date, user: stamp(3), items: [], total_due: 0, amount_paid: -5, invoice_number: 'A-x', customer: { name: 'Walk-in', with_account: false } }],
    [4, { _id: `3G${++serial}`, stores: 'purchase', date, user: stamp(4), items: [], total_due: 0, amount_paid: -5, supplier: { name: 'Dangote' } }],
    [3, { _id: `5G${++serial}`, stores: 'payment', date, user: stamp(3), factor: -1, amount: -5000, medium: 'cash' }],
  ];
  for (const [level, doc] of cases) {
    const res = await cast.staff[level].call('PUT', `${cast.dbs.main}/${doc._id}`, doc);
    assert.is(res.status, 403, `${doc.stores}: ${JSON.stringify(res.body)}`);
  }
});

test.run();
