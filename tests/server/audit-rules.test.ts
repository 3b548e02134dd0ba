/**
 * The audit log is append-only on the server (issue 30): a member writes an entry only in their own name and
 * under its own date, and nobody (the owner included) changes or deletes one; an anonymous caller and another
 * business's owner write nothing. Over real HTTP, as each staff level. The role-change and device-revoke
 * entries the server writes itself are checked here too.
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

test('members write their own entries once; no member changes or deletes one; outsiders write none', async () => {
  const cast = await castOf(env.server, 'Audit Rules Shop');
  const main = cast.dbs.main;
  const everyone = [0, 1, 2, 3, 4].map((level) => ({ level, client: cast.staff[level], username: cast.usernames[level] }));
  const a = { username: cast.usernames[0], owner: cast.staff[0] };
  const staff = everyone.slice(1);

  let n = 0;
  const put = (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${encodeURIComponent(id)}`, doc);
  const refused = async (c: Client, id: string, doc: object, reason: RegExp, what: string) => {
    const res = await put(c, id, doc);
    assert.is(res.status, 403, `${what}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason, what);
  };

  for (const who of everyone) {
    const id = auditId(DATE, 'dev1', `r${n++}`);
    const created = await put(who.client, id, entry(who.username));
    assert.is(created.status, 201, `level ${who.level} writes its own entry: ${JSON.stringify(created.body)}`);
    const rev = created.body.rev;
    // Change, delete (as a PUT with _deleted and as DELETE) and relabel: refused for every level, the owner too.
    for (const other of everyone) {
      await refused(other.client, id, { _rev: rev, ...entry(who.username, { action: 'price-change' }) }, /cannot be changed/, `level ${other.level} changes level ${who.level}'s entry`);
      await refused(other.client, id, { _rev: rev, _deleted: true }, /cannot be deleted/, `level ${other.level} deletes level ${who.level}'s entry`);
      const del = await other.client.call('DELETE', `${main}/${encodeURIComponent(id)}?rev=${rev}`);
      assert.is(del.status, 403, `level ${other.level} DELETE: ${JSON.stringify(del.body)}`);
      await refused(other.client, id, { _rev: rev, ...entry(who.username), stores: 'payment' }, /cannot be changed|stores|kind|./, `level ${other.level} relabels`);
    }
    const still = await a.owner.call('GET', `${main}/${encodeURIComponent(id)}`);
    assert.is(still.status, 200);
    assert.is(still.body._rev, rev, 'the entry is as it was written');
    // Forging: an entry in another's name, by every level.
    for (const other of everyone) {
      if (other.username === who.username) continue;
      await refused(other.client, auditId(DATE, 'dev1', `f${n++}`), entry(who.username), /stamp/, `level ${other.level} forges level ${who.level}`);
    }
  }

  // In a batch (as sync pushes), a forged or changed entry is refused alone.
  const level3 = staff.find((s) => s.level === 3)!;
  const ownId = auditId(DATE, 'dev1', 'batch1');
  const forgedId = auditId(DATE, 'dev1', 'batch2');
  const bulk = await level3.client.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: ownId, ...entry(level3.username) }, { _id: forgedId, ...entry(a.username) }] });
  const byId = new Map(bulk.body.map((r: { id: string }) => [r.id, r]));
  const own = byId.get(ownId) as { ok?: boolean; rev: string };
  assert.is(own.ok, true, JSON.stringify(bulk.body));
  assert.is((byId.get(forgedId) as { error?: string }).error, 'forbidden', JSON.stringify(bulk.body));

  // Filed under another date, without a stamp, an unknown action, malformed changes: refused.
  await refused(a.owner, auditId(DATE + 86_400_000, 'dev1', 'x1'), entry(a.username), /own date/, 'wrong date key');
  await refused(a.owner, `audit-${n++}`, entry(a.username), /own date/, 'id without the date');
  await refused(a.owner, auditId(DATE, 'dev1', 'x2'), entry(a.username, { user: undefined }), /stamp/, 'no stamp');
  await refused(a.owner, auditId(DATE, 'dev1', 'x3'), entry(a.username, { action: 'coffee' }), /known action/, 'unknown action');
  await refused(a.owner, auditId(DATE, 'dev1', 'x4'), entry(a.username, { changes: [{ field: 'x', before: 1, after: 2 }] }), /Each change/, 'numbers as changes');
  await refused(a.owner, auditId(DATE, 'dev1', 'x5'), entry(a.username, { target: 'sale' }), /names what it is about/, 'target not an object');

  // Outsiders: anonymous and another business's owner write, change and delete nothing.
  for (const [label, client, status] of cast.outsiders()) {
    assert.is((await put(client, auditId(DATE, 'dev1', 'out'), entry(a.username))).status, status, `${label} writes`);
    assert.is((await put(client, ownId, { _rev: own.rev, _deleted: true })).status, status, `${label} deletes`);
  }
  assert.is((await a.owner.call('GET', `${main}/${encodeURIComponent(ownId)}`)).body._rev, own.rev);
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
