/**
 * client-list: balances from the ledger for sales, payments both ways, adjustments, transfers and start
 * balances; tabs and their counts; search by name and phone; sorting and paging; debtor ageing; suppliers.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fixedClock, makeBackend, ok, T0 } from './helpers';
import { customer, supplier } from './client-fixtures';

const DAY = 86_400_000;

async function shop() {
  const clock = fixedClock(T0 - 100 * DAY);
  const b = await makeBackend({ clock });
  await b.ctx.db.main.put({ _id: '7Arice', stores: 'item', name: 'Rice', price: 10, purchasePrice: 8 } as never);
  const ada = await customer(b, 'Ada Obi', 1000, '0803 111 2222'); // start balance 100 days ago
  clock.set(T0 - 45 * DAY);
  const bola = await customer(b, 'Bola', -200, '0705-333-4444');
  const chidi = await customer(b, 'chidi', 0);
  // Ada: a credit sale 45 days ago (Total 2,900 with its VAT of 100, paid 1,000) → +1,900: Total − paid
  await b.ctx.db.main.put({ _id: '2Asale', stores: 'sale', customer: { with_account: true, name: 'Ada Obi', account_ref: ada }, total_due: 2900, amount_paid: 1000, vat: { amount: 100 }, date: clock(), summary: 'Sale of Rice', invoice_number: 'A0001', items: [] } as never);
  clock.set(T0 - 10 * DAY);
  ok(await b.dispatch('payment-create', { kind: 'customer', client: ada, factor: -1, amount: 1500, medium: 'cash' }));
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: chidi, factor: 1, amount: 40 }));
  clock.set(T0);
  ok(await b.dispatch('stock-transfer-create', { sender: bola, recipient: chidi, item: { id: '7Arice', name: 'Rice' }, quantity: 2, send_price: 10, receive_price: 12 }));
  const dan = await supplier(b, 'Dangote', -700);
  await b.settled();
  return { b, clock, ada, bola, chidi, dan };
}

const q = { offset: 0, limit: 50 };

test('balances, tabs and counts over every kind of entry', async () => {
  const { b, ada, bola, chidi } = await shop();
  const all = ok(await b.dispatch('client-list', { ...q, kind: 'customer' }));
  // Ada 1000 + 1900 - 1500 = 1400; Bola -200 - 20 = -220; chidi 40 + 24 = 64
  assert.equal(all.rows.map((r) => [r._id, r.name, r.balance]), [
    [ada, 'Ada Obi', 1400],
    [bola, 'Bola', -220],
    [chidi, 'chidi', 64],
  ]);
  assert.equal(all.counts, { all: 3, debtors: 2, creditors: 1, 'over-limit': 0 });
  assert.is(all.total, 3);
  const debtors = ok(await b.dispatch('client-list', { ...q, kind: 'customer', tab: 'debtors' }));
  assert.equal(debtors.rows.map((r) => r.name), ['Ada Obi', 'chidi']);
  const creditors = ok(await b.dispatch('client-list', { ...q, kind: 'customer', tab: 'creditors' }));
  assert.equal(creditors.rows.map((r) => r.name), ['Bola']);
  assert.is(creditors.total, 1);
  assert.equal(creditors.counts, { all: 3, debtors: 2, creditors: 1, 'over-limit': 0 });
  await b.close();
});

test('a payment moves a debtor to creditor and the counts follow; a deleted payment moves it back', async () => {
  const { b, chidi } = await shop();
  ok(await b.dispatch('config-set', { deletePolicy: 'all' }));
  const { id } = ok(await b.dispatch('payment-create', { kind: 'customer', client: chidi, factor: -1, amount: 100, medium: 'cash' }));
  let page = ok(await b.dispatch('client-list', { ...q, kind: 'customer', tab: 'creditors' }));
  assert.equal(page.rows.map((r) => [r.name, r.balance]), [['Bola', -220], ['chidi', -36]]);
  assert.equal(page.counts, { all: 3, debtors: 1, creditors: 2, 'over-limit': 0 });
  await b.settled();
  ok(await b.dispatch('payment-delete', { id }));
  page = ok(await b.dispatch('client-list', { ...q, kind: 'customer' }));
  assert.equal(page.counts, { all: 3, debtors: 2, creditors: 1, 'over-limit': 0 });
  await b.close();
});

test('search by name (any case, every word) and by phone digits with or without separators', async () => {
  const { b } = await shop();
  const names = async (search: string) => ok(await b.dispatch('client-list', { ...q, kind: 'customer', search })).rows.map((r) => r.name);
  assert.equal(await names('ada'), ['Ada Obi']);
  assert.equal(await names('OBI ada'), ['Ada Obi']);
  assert.equal(await names('CHI'), ['chidi']);
  assert.equal(await names('08031112222'), ['Ada Obi']);
  assert.equal(await names('333-4444'), ['Bola']);
  assert.equal(await names('zzz'), []);
  await b.close();
});

test('sort by balance both ways and by name descending; one page per call', async () => {
  const { b } = await shop();
  const list = async (sort: { key: string; dir: 'asc' | 'desc' }, offset = 0, limit = 50) =>
    ok(await b.dispatch('client-list', { offset, limit, sort, kind: 'customer' }));
  assert.equal((await list({ key: 'balance', dir: 'desc' })).rows.map((r) => r.balance), [1400, 64, -220]);
  assert.equal((await list({ key: 'balance', dir: 'asc' })).rows.map((r) => r.balance), [-220, 64, 1400]);
  assert.equal((await list({ key: 'name', dir: 'desc' })).rows.map((r) => r.name), ['chidi', 'Bola', 'Ada Obi']);
  const second = await list({ key: 'name', dir: 'asc' }, 1, 1);
  assert.equal([second.rows.map((r) => r.name), second.total, second.offset], [['Bola'], 3, 1]);
  await b.close();
});

test('debtor ageing: days since the oldest unpaid debit, first in first paid; what debtors owe per bucket', async () => {
  const { b, ada, bola, chidi } = await shop();
  const ageing = ok(await b.dispatch('client-ageing', { kind: 'customer', ids: [ada, bola, chidi] }));
  // Ada owes 1,400: the 1,500 payment covers the 1,000 start balance (100 days) and 500 of the sale (45 days).
  // chidi: 40 ten days ago, 24 today → oldest unpaid 10 days. Bola is a creditor: no age.
  assert.equal(ageing.ages, { [ada]: 45, [chidi]: 10 });
  assert.equal(ageing.buckets, { current: 24, '1-30': 40, '31-60': 1400, '61-90': 0, '90+': 0 });
  // Only the asked ids get ages; the buckets always cover every debtor.
  const one = ok(await b.dispatch('client-ageing', { kind: 'customer', ids: [chidi] }));
  assert.equal(one.ages, { [chidi]: 10 });
  assert.equal(one.buckets, ageing.buckets);
  await b.close();
});

test('ageing follows new entries: a payment settles the oldest debt first', async () => {
  const { b, ada } = await shop();
  ok(await b.dispatch('payment-create', { kind: 'customer', client: ada, factor: -1, amount: 600, medium: 'cash' }));
  // 1,400 − 600 = 800 left, all from the 45-day-old sale.
  let ageing = ok(await b.dispatch('client-ageing', { kind: 'customer', ids: [ada] }));
  assert.equal([ageing.ages[ada], ageing.buckets['31-60']], [45, 800]);
  ok(await b.dispatch('payment-create', { kind: 'customer', client: ada, factor: -1, amount: 800, medium: 'cash' }));
  ageing = ok(await b.dispatch('client-ageing', { kind: 'customer', ids: [ada] }));
  assert.equal([ageing.ages[ada], ageing.buckets['31-60']], [undefined, 0]);
  await b.close();
});

test('suppliers: their own list, the same sign rule (negative = the business owes them)', async () => {
  const { b, dan } = await shop();
  const page = ok(await b.dispatch('client-list', { ...q, kind: 'supplier' }));
  assert.equal(page.rows.map((r) => [r._id, r.balance]), [[dan, -700]]);
  assert.equal(page.counts, { all: 1, debtors: 0, creditors: 1, 'over-limit': 0 });
  await b.close();
});

test('client-update: name, phone, discount only when percentage discounts are on; the list follows', async () => {
  const { b, bola } = await shop();
  const updated = ok(await b.dispatch('client-update', { id: bola, name: ' Bola Ade ', phone_number: '', discount: 5, address: 'Ikeja' }));
  assert.equal([updated.name, updated.phone_number, updated.discount, updated.address, updated.updatedBy?.username], ['Bola Ade', undefined, undefined, undefined, 'v2_ada']);
  ok(await b.dispatch('config-set', { percentageDiscount: true, clientAddress: true }));
  await b.settled();
  const again = ok(await b.dispatch('client-update', { id: bola, name: 'Bola Ade', discount: 5, address: 'Ikeja' }));
  assert.equal([again.discount, again.address], [5, 'Ikeja']);
  const page = ok(await b.dispatch('client-list', { ...q, kind: 'customer', search: 'ade' }));
  assert.equal(page.rows.map((r) => [r.name, r.balance]), [['Bola Ade', -220]]);
  assert.equal(await b.dispatch('client-update', { id: bola, name: '  ' }), { ok: false, error: { code: 'client-name', message: 'You must provide the client name' } });
  assert.equal(await b.dispatch('client-update', { id: 'nobody', name: 'X' }), { ok: false, error: { code: 'not-found', message: 'Error occurred while updating client information' } });
  await b.close();
});

test.run();
