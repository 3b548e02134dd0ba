import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIENT_PHONE_INVALID } from '../../commands/clients';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER } from '../support/fixtures';
import { expectKind } from '../support/docs';

async function payments(b: Awaited<ReturnType<typeof makeBackend>>) {
  const res = await b.ctx.db.main.allDocs({ startkey: '5', endkey: '5\uffff', include_docs: true });
  return res.rows.map((r) => expectKind(r.doc, 'payment'));
}

test('a supplier is stored with name, phone, date and user; no start balance, no payment', async () => {
  const b = await makeBackend();
  const s = ok(await b.dispatch('client-create', { kind: 'supplier', name: '  Dangote Depot ', phone_number: '0803 123 4567', balance: '' }));
  assert.is(s.stores, 'supplier');
  assert.is(s.name, 'Dangote Depot');
  assert.is(s.phone_number, '+2348031234567', 'stored in international form');
  assert.is(s.date, T0);
  assert.is(s.user?.username, OWNER.username);
  assert.ok(s._id.startsWith('4A'), 'client type prefix then policy prefix');
  assert.equal(await payments(b), []);
  const stored = ok(await b.dispatch('client-get', { id: s._id }));
  assert.is(stored?.name, 'Dangote Depot');
  await b.close();
});

test('a negative start balance: excluded payment, absolute amount, factor -1, same batch', async () => {
  const b = await makeBackend();
  const s = ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Owed Supplier', balance: '-1,500.50' }));
  const [p] = await payments(b);
  assert.is(p.amount, 1500.5);
  assert.is(p.factor, -1);
  assert.is(p.exclude, true);
  assert.is(p.medium, 'Start balance');
  assert.equal(p.client, { name: 'Owed Supplier', account_ref: s._id });
  assert.is(p.by, s._id);
  await b.close();
});

test('a positive start balance gets factor 1; zero creates nothing', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('client-create', { kind: 'customer', name: 'Debtor', phone_number: '08020000000', balance: 300 }));
  ok(await b.dispatch('client-create', { kind: 'customer', name: 'Even', balance: 0 }));
  const ps = await payments(b);
  assert.is(ps.length, 1);
  assert.is(ps[0].factor, 1);
  assert.is(ps[0].amount, 300);
  assert.is(ps[0].client?.phone_number, '+2348020000000');
  await b.close();
});

test('discount, address and remarks are kept only when their switches are on', async () => {
  const b = await makeBackend();
  const off = ok(await b.dispatch('client-create', { kind: 'customer', name: 'A', discount: 5, address: 'Lagos', remarks: 'vip' }));
  assert.is(off.discount, undefined);
  assert.is(off.address, undefined);
  assert.is(off.remarks, undefined);
  ok(await b.dispatch('config-set', { percentageDiscount: true, clientAddress: true, clientRemarks: true }));
  await b.settled(); // the config cache refreshes from the shared database's changes feed
  const on = ok(await b.dispatch('client-create', { kind: 'customer', name: 'B', discount: 5, address: 'Lagos', remarks: 'vip' }));
  assert.is(on.discount, 5);
  assert.is(on.address, 'Lagos');
  assert.is(on.remarks, 'vip');
  await b.close();
});

test('a missing name is refused and nothing is written', async () => {
  const b = await makeBackend();
  const r = await b.dispatch('client-create', { kind: 'customer', name: '  ', balance: 50 });
  assert.equal(r, { ok: false, error: { code: 'client-name', message: 'You must provide the client name' } });
  const all = await b.ctx.db.main.allDocs();
  assert.is(all.rows.length, 0);
  await b.close();
});

test('a failed write answers with the spec message', async () => {
  const b = await makeBackend();
  b.ctx.db.main.bulkDocs = (async () => [{ error: true, id: 'x', message: 'boom' }]) as never;
  const r = await b.dispatch('client-create', { kind: 'supplier', name: 'X' });
  assert.equal(r, { ok: false, error: { code: 'client-create', message: 'Error occured while creating new client' } });
  await b.close();
});

test('a phone number is stored in international form; what is no phone number is refused, nothing saved', async () => {
  const b = await makeBackend();
  const bad = await b.dispatch('client-create', { kind: 'customer', name: 'Typo', phone_number: '0803 999' });
  assert.equal(bad.ok ? null : bad.error, { code: 'client-phone', message: CLIENT_PHONE_INVALID });
  const two = await b.dispatch('client-create', { kind: 'customer', name: 'Two', phone_number: '08031112222, 08033334444' });
  assert.is(two.ok, false);
  const list = ok(await b.dispatch('client-search', { kind: 'customer', query: '' }));
  assert.is(list.length, 0, 'nothing saved');
  const c = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Ngozi', phone_number: '+234 (0)803 999 1234' }));
  assert.is(c.phone_number, '+2348039991234');
  const edited = await b.dispatch('client-update', { id: c._id, name: 'Ngozi', phone_number: 'call me' });
  assert.equal(edited.ok ? null : edited.error.message, CLIENT_PHONE_INVALID);
  assert.is(ok(await b.dispatch('client-get', { id: c._id }))?.phone_number, '+2348039991234', 'the saved number is kept');
  await b.close();
});

test.run();
