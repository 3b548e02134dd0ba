/**
 * The audit log is the server's (issue 36): no member writes, changes or deletes an entry, the owner included;
 * the /db gate writes the entries of members' edits and deletions with the server's time and the name it knows
 * for them; an anonymous caller and another business's owner write nothing. Over real HTTP, as each staff
 * level. The role-change, device-revoke and credit-approval entries the API writes are checked here too.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { auditId } from '../../commands/audit-docs';
import { addStaff, freshServer, registerBusiness, type Client } from './helpers';
import { castOf } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

const DATE = 1_772_700_000_000;
const entry = (username: string, extra: object = {}) => ({
  stores: 'audit',
  date: DATE,
  user: { username, fullname: username },
  device: 'dev1',
  action: 'delete',
  target: { kind: 'sale', id: '2abc', label: 'Sale A-0001' },
  changes: [{ field: 'Record', before: 'Sale of Rice, total 100', after: 'Deleted' }],
  ...extra,
});

test('no member writes, changes or deletes an audit entry, on any route; outsiders neither', async () => {
  const cast = await castOf(env.server, 'Audit Rules Shop');
  const main = cast.dbs.main;
  const everyone = [0, 1, 2, 3, 4].map((level) => ({ level, client: cast.staff[level], username: cast.usernames[level] }));
  const put = (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${encodeURIComponent(id)}`, doc);
  // An entry the server wrote (as the admin), in the owner's name.
  const id = auditId(DATE, 'server', 'r0');
  const written = await cast.admin('PUT', `/oja-${cast.id}/${encodeURIComponent(id)}`, entry(cast.usernames[0]));
  assert.is(written.status, 201, JSON.stringify(written.body));
  const rev = written.body.rev;
  let n = 0;
  for (const who of everyone) {
    const own = await put(who.client, auditId(DATE, 'dev1', `o${n++}`), entry(who.username));
    assert.is(own.status, 403, `level ${who.level} writes an entry in its own name: ${JSON.stringify(own.body)}`);
    assert.match(own.body.reason, /written by the server only/);
    const batch = await who.client.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: auditId(DATE, 'dev1', `b${n++}`), ...entry(who.username) }] });
    assert.is(batch.body[0].error, 'forbidden', `level ${who.level} in a batch: ${JSON.stringify(batch.body)}`);
    const replicated = await who.client.call('POST', `${main}/_bulk_docs`, { new_edits: false, docs: [{ _id: auditId(DATE, 'dev1', `c${n++}`), _rev: '1-abc', ...entry(who.username) }] });
    assert.is(replicated.body[0]?.error, 'forbidden', `level ${who.level} replicated: ${JSON.stringify(replicated.body)}`);
    assert.is((await put(who.client, id, { _rev: rev, ...entry(cast.usernames[0], { action: 'price-change' }) })).status, 403, `level ${who.level} changes`);
    assert.is((await put(who.client, id, { _rev: rev, _deleted: true })).status, 403, `level ${who.level} deletes by PUT`);
    assert.is((await who.client.call('DELETE', `${main}/${encodeURIComponent(id)}?rev=${rev}`)).status, 403, `level ${who.level} DELETE`);
    // Nor under an id of another kind: an audit entry is the server's whatever its id.
    assert.is((await put(who.client, `2audit${n++}`, entry(who.username))).status, 403, `level ${who.level} under another id`);
  }
  for (const [label, client, status] of cast.outsiders()) {
    assert.is((await put(client, auditId(DATE, 'dev1', 'out'), entry(cast.usernames[0]))).status, status, `${label} writes`);
    assert.is((await put(client, id, { _rev: rev, _deleted: true })).status, status, `${label} deletes`);
  }
  assert.is((await cast.staff[0].call('GET', `${main}/${encodeURIComponent(id)}`)).body._rev, rev, 'the entry is as the server wrote it');
});

test("the gate writes the entries of members' edits and deletions: the server's time, the name it knows", async () => {
  const cast = await castOf(env.server, 'Audit Gate Shop');
  const main = cast.dbs.main;
  const shared = cast.dbs.shared;
  const stamp = (level: number) => ({ username: cast.usernames[level], fullname: 'Someone Else', level });
  const setting = async (key: string, value: unknown) => {
    const current = await cast.staff[0].call('GET', `${shared}/config-${key}`);
    assert.is((await cast.staff[0].call('PUT', `${shared}/config-${key}`, { ...current.body, value })).status, 201);
  };
  const before = Date.now();
  await setting('deletePolicy', 'all');
  const sale = { _id: '2Aud1', stores: 'sale', date: 1000, user: stamp(3), invoice_number: 'T-0001', items: [{ id: '3x', name: 'Rice', quantity: 1, price: 500 }], total_due: 500, amount_paid: 0, customer: { name: 'Ada', with_account: false } };
  const made = await cast.staff[3].call('PUT', `${main}/${sale._id}`, sale);
  assert.is(made.status, 201, JSON.stringify(made.body));
  const edited = await cast.staff[1].call('PUT', `${main}/${sale._id}`, { ...sale, _rev: made.body.rev, amount_paid: 500, updatedBy: stamp(1) });
  assert.is(edited.status, 201, JSON.stringify(edited.body));
  const item = await cast.staff[4].call('PUT', `${main}/7Aud`, { stores: 'item', name: 'Rice', price: 500, purchasePrice: 400, date: 1000, user: stamp(4) });
  assert.is((await cast.staff[4].call('PUT', `${main}/7Aud`, { stores: 'item', name: 'Rice', price: 650, purchasePrice: 400, date: 1000, user: stamp(4), _rev: item.body.rev })).status, 201);
  const customer = await cast.staff[1].call('PUT', `${main}/4Aud`, { stores: 'customer', name: 'Ada', date: 1000, user: stamp(1) });
  assert.is((await cast.staff[1].call('PUT', `${main}/4Aud`, { stores: 'customer', name: 'Ada', date: 1000, user: stamp(1), credit_limit: 9000, _rev: customer.body.rev })).status, 201);
  assert.is((await cast.staff[3].call('DELETE', `${main}/${sale._id}?rev=${edited.body.rev}`)).status, 200);
  const after = Date.now();
  const rows = (await cast.staff[0].call('GET', `${main}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"audit:"')}&endkey=${encodeURIComponent('"audit:\uffff"')}`)).body.rows;
  const entries = rows.map((r: { doc: any }) => r.doc);
  const find = (action: string) => entries.find((d: any) => d.action === action);
  const names: Record<string, string> = { 'setting-change': 'Ada Obi', 'sale-edit': 'Uche Staff', 'price-change': 'Kemi Staff', 'credit-limit-change': 'Uche Staff', delete: 'Tayo Staff' };
  for (const [action, fullname] of Object.entries(names)) {
    const e = find(action);
    assert.ok(e, `a ${action} entry: ${JSON.stringify(entries.map((x: any) => x.action))}`);
    assert.ok(e.date >= before && e.date <= after, `${action}: the server's time`);
    assert.ok(e._id.startsWith(`audit:${String(e.date).padStart(13, '0')}:`), `${action}: filed under its date`);
    if (action !== 'setting-change') assert.is(e.user.fullname, fullname, `${action}: the name the server knows`);
  }
  assert.equal(find('sale-edit').changes.find((c: any) => c.field === 'Amount paid'), { field: 'Amount paid', before: '0.00', after: '500.00' });
  assert.equal(find('price-change').changes[0], { field: 'Price', before: '500.00', after: '650.00' });
  assert.equal(find('credit-limit-change').changes[0], { field: 'Credit limit', before: '', after: '9,000.00' });
  assert.is(find('delete').target.id, sale._id);
  // The stamps the documents carry show the server's names too.
  assert.is((await cast.admin('GET', `/oja-${cast.id}/4Aud`)).body.user.fullname, 'Uche Staff');
});

test("the server's own API records a staff role change and a device revocation in the log", async () => {
  const a = await registerBusiness(env.server, { name: 'Audit Server Shop' });
  const main = `/db/oja-${a.id}`;
  const staff = await addStaff(a.owner, a.id, 'Role Changed', 3);
  const role = await a.owner.call('POST', `/api/users/${a.id}/${staff.username}/role`, { level: 2 });
  assert.is(role.status, 200, JSON.stringify(role.body));
  const device = await staff.client.call('POST', '/api/devices', { password: 'staffpass' });
  assert.is(device.status, 201, JSON.stringify(device.body));
  const revoke = await a.owner.call('POST', `/api/devices/${a.id}/${device.body.device}/revoke`, {});
  assert.is(revoke.status, 200, JSON.stringify(revoke.body));
  const docs = async () => (await a.owner.call('GET', `${main}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"audit:"')}&endkey=${encodeURIComponent('"audit:\uffff"')}`)).body.rows.map((r: { doc: any }) => r.doc);
  const roleEntry = (await docs()).find((d: any) => d.action === 'role-change');
  assert.ok(roleEntry, 'a role-change entry');
  assert.is(roleEntry.user.username, a.username);
  assert.is(roleEntry.target.id, staff.username);
  assert.equal(roleEntry.changes, [{ field: 'Role', before: 'Sales agent', after: 'Accountant' }]);
  // The revocation's entry is written as its answer goes out (server/api/devices.ts): wait for it.
  let revoked: any;
  for (let i = 0; i < 50 && !revoked; i++) {
    revoked = (await docs()).find((d: any) => d.action === 'device-revoke');
    if (!revoked) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(revoked, 'a device-revoke entry');
  assert.is(revoked.user.username, a.username);
  assert.is(revoked.target.id, device.body.device);
  assert.equal(revoked.changes, [{ field: 'Device', before: 'Signed in', after: 'Revoked' }]);
  // A role set to what it already was records nothing.
  await a.owner.call('POST', `/api/users/${a.id}/${staff.username}/role`, { level: 2 });
  assert.is((await docs()).filter((d: any) => d.action === 'role-change').length, 1);
});

test("a manager's credit approval at a cashier's till is recorded in the manager's name", async () => {
  const cast = await castOf(env.server, 'Audit Credit Shop');
  const main = cast.dbs.main;
  const granted = await cast.staff[3].call('POST', '/api/credit-approval', { business: cast.id, customer: '4Achi', username: cast.usernames[1], password: 'staffpass' });
  assert.is(granted.status, 200, JSON.stringify(granted.body));
  const rows = (await cast.staff[0].call('GET', `${main}/_all_docs?include_docs=true&startkey=${encodeURIComponent('"audit:"')}&endkey=${encodeURIComponent('"audit:\uffff"')}`)).body.rows;
  const entry = rows.map((r: { doc: any }) => r.doc).find((d: any) => d.action === 'credit-approval');
  assert.ok(entry, 'a credit-approval entry');
  assert.equal([entry.user.username, entry.user.level, entry.target.id], [cast.usernames[1], 1, '4Achi']);
  assert.equal(entry.changes, [{ field: 'Credit limit', before: 'Would be passed', after: `Approved for ${cast.usernames[3]}` }]);
});

test.run();
