import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';

test('search by name or phone, per kind, name-prefix hits first', async () => {
  const b = await makeBackend();
  for (const [kind, name, phone] of [
    ['supplier', 'Alaba Traders', '0803 111 2222'],
    ['supplier', 'Best Alaba Goods', '08090000000'],
    ['supplier', 'Zenith Supplies', '07011112222'],
    ['customer', 'Alaba Customer', '08030000000'],
  ] as const) {
    ok(await b.dispatch('client-create', { kind, name, phone_number: phone }));
  }
  const byName = ok(await b.dispatch('client-search', { kind: 'supplier', query: 'alaba' }));
  assert.equal(byName.map((c) => c.name), ['Alaba Traders', 'Best Alaba Goods']);
  assert.ok(byName.every((c) => c.kind === 'supplier'));
  const byPhone = ok(await b.dispatch('client-search', { kind: 'supplier', query: '1112222' }));
  assert.equal(byPhone.map((c) => c.name).sort(), ['Alaba Traders', 'Zenith Supplies'], 'digits match across spaces');
  // Stored as +2348031112222, found as the cashier types it.
  assert.equal(ok(await b.dispatch('client-search', { kind: 'supplier', query: '0803 111' })).map((c) => c.name), ['Alaba Traders']);
  const all = ok(await b.dispatch('client-search', { kind: 'supplier', query: '', limit: 2 }));
  assert.is(all.length, 2, 'one page only');
  await b.close();
});

test('the index follows later creations, edits, deletions and synced documents without rebuilding', async () => {
  const b = await makeBackend();
  const first = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chidi' }));
  assert.is(ok(await b.dispatch('client-search', { kind: 'customer', query: 'chi' })).length, 1);
  let allDocsCalls = 0;
  const allDocs = b.ctx.db.main.allDocs.bind(b.ctx.db.main);
  b.ctx.db.main.allDocs = ((opts: never) => {
    allDocsCalls += 1;
    return allDocs(opts);
  }) as typeof allDocs;
  ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chioma' }));
  // A document that arrives by replication (no command involved).
  await b.ctx.db.main.put({ _id: '4Zsynced', stores: 'customer', name: 'Chinedu' });
  assert.equal(ok(await b.dispatch('client-search', { kind: 'customer', query: 'chi' })).map((c) => c.name), ['Chidi', 'Chinedu', 'Chioma']);
  const doc = await b.ctx.db.main.get(first._id);
  await b.ctx.db.main.put({ ...doc, name: 'Emeka' });
  await b.ctx.db.main.remove(await b.ctx.db.main.get('4Zsynced'));
  assert.equal(ok(await b.dispatch('client-search', { kind: 'customer', query: 'chi' })).map((c) => c.name), ['Chioma']);
  assert.equal(ok(await b.dispatch('client-search', { kind: 'customer', query: 'emek' })).map((c) => c.name), ['Emeka']);
  const noChange = allDocsCalls;
  ok(await b.dispatch('client-search', { kind: 'customer', query: 'c' }));
  assert.is(allDocsCalls, noChange, 'a search with nothing new reads no documents');
  await b.close();
});

test.run();
