/**
 * Documents of no known kind are refused (issue 26, finding 4), over real HTTP: validate_doc_update accepts
 * only documents whose `stores` is in the permission table (commands/permissions.ts). A level-4 user could
 * create `invoice-header` without `stores` and the owner's own save then failed with 409 for ever.
 * Deletions (bare tombstones) still pass under their stored document's rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

test('no kind, an unknown kind or __proto__ is refused with 403; the owner can still save the invoice header', async () => {
  const a = await registerBusiness(env.server, { name: 'Kind Guard Shop' });
  const main = `/db/oja-${a.id}`;
  const shared = `/db/oja-${a.id}-shared`;
  const keeper = await addStaff(a.owner, a.id, 'Kemi Keeper', 4);
  const stamp = { username: keeper.username, fullname: 'Kemi Keeper' };
  const refused = async (path: string, doc: object, reason: RegExp, client = keeper.client) => {
    const res = await client.call('PUT', path, doc);
    assert.is(res.status, 403, `${path} ${JSON.stringify(doc)}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason);
  };
  await refused(`${shared}/invoice-header`, { html: '<b>squatted</b>' }, /needs its kind/);
  await refused(`${shared}/sms-credit-x`, { units: 5000 }, /needs its kind/);
  await refused(`${shared}/sms-credit-y`, { units: 5000 }, /needs its kind/, a.owner);
  await refused(`${main}/7Aproto`, { stores: '__proto__', name: 'x', user: stamp }, /"__proto__" are not stored here/);
  await refused(`${main}/7Anote`, { stores: 'note', user: stamp }, /"note" are not stored here/);
  await refused(`${main}/7Aobj`, { stores: { kind: 'item' }, user: stamp }, /not stored here/);
  await refused(`${main}/7Actor`, { stores: 'constructor', user: stamp }, /not stored here/);
  const bulk = await keeper.client.call('POST', `${main}/_bulk_docs`, { docs: [{ _id: '7Abulk', name: 'no kind' }, { _id: '7Aitem', stores: 'item', name: 'Rice', user: stamp }] });
  assert.equal(bulk.body.map((r: { ok?: boolean; error?: string }) => r.ok ?? r.error), ['forbidden', true], JSON.stringify(bulk.body));

  // The owner's own header is saved (no squatter holds its id).
  const header = await a.owner.call('PUT', `${shared}/invoice-header`, { stores: 'invoice-header', html: '<b>Kind Guard Shop</b>', date: Date.now() });
  assert.is(header.status, 201, JSON.stringify(header.body));

  // Deletions are bare tombstones: the keeper still removes an item, and a till's tombstone of a document the
  // server never had (created and deleted offline) still syncs.
  const item = (await keeper.client.call('GET', `${main}/7Aitem`)).body;
  assert.is((await keeper.client.call('DELETE', `${main}/7Aitem?rev=${item._rev}`)).status, 200);
  const tombstone = await keeper.client.call('POST', `${main}/_bulk_docs`, { new_edits: false, docs: [{ _id: '7Agone', _rev: '2-bbb', _deleted: true, _revisions: { start: 2, ids: ['bbb', 'aaa'] } }] });
  assert.is(tombstone.status, 201, JSON.stringify(tombstone.body));
  assert.equal(tombstone.body, []);
});

test.run();
