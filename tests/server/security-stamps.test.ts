/**
 * Findings 3 and 4: a new document's user stamp is the writer's own and an update keeps the creator (the
 * 'creator' delete policy trusts it); SMS units are never raised by a client, relabelling included; a document
 * in a batch larger than the cap is refused on its own with a clear reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_DOC_CHARS } from '../../server/couch/limits';
import { onCouchdb } from '../e2e/harness';
import { freshServer, SAVED } from './helpers';
import { castOf, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Stamp Shop');
});
test.after(async () => {
  await env?.stop();
});

const stamp = (level: number) => ({ username: cast.usernames[level], fullname: `Level ${level}`, level });
const forbidden = (r: { status: number; body: any }) => r.status === 403 || (Array.isArray(r.body) && r.body.every((x: { error?: string }) => x.error === 'forbidden'));

test('every level creates documents only under its own stamp, by PUT, _bulk_docs and new_edits=false', async () => {
  let n = 0;
  for (const [who, client] of cast.levels()) {
    const level = Number(who.slice(-1));
    const other = stamp(level === 0 ? 1 : 0);
    const doc = () => ({ _id: `5S${++n}`, stores: 'payment', factor: 1, amount: 5, date: Date.now(), user: other });
    assert.ok(forbidden(await client.call('PUT', `${cast.dbs.main}/5S${++n}`, { ...doc(), _id: undefined })), `${who} PUT`);
    assert.ok(forbidden(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [doc()] })), `${who} _bulk_docs`);
    assert.ok(forbidden(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { new_edits: false, docs: [{ ...doc(), _rev: '1-abc' }] })), `${who} new_edits=false`);
    assert.ok(forbidden(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: [{ ...doc(), user: stamp(level), updatedBy: other }] })), `${who} updatedBy`);
    const own = await client.call('PUT', `${cast.dbs.main}/5S${++n}`, { stores: 'payment', factor: 1, amount: 5, date: Date.now(), user: stamp(level) });
    assert.is(own.status, 201, `${who} own stamp: ${JSON.stringify(own.body)}`);
  }
});

test('an update keeps who created the document, and a deletion is stamped by its writer', async () => {
  await cast.staff[0].call('PUT', `${cast.dbs.shared}/config-deletePolicy`, { ...(await cast.staff[0].call('GET', `${cast.dbs.shared}/config-deletePolicy`)).body, value: 'all' });
  const put = await cast.staff[3].call('PUT', `${cast.dbs.main}/4C1`, { stores: 'customer', name: 'Ada', user: stamp(3) });
  const doc = { _id: '4C1', _rev: put.body.rev, stores: 'customer', name: 'Ada', user: stamp(3) };
  assert.is((await cast.staff[1].call('PUT', `${cast.dbs.main}/4C1`, { ...doc, user: stamp(1) })).status, 403);
  assert.is((await cast.staff[1].call('PUT', `${cast.dbs.main}/4C1`, { ...doc, user: undefined })).status, 403);
  assert.is((await cast.staff[1].call('PUT', `${cast.dbs.main}/4C1`, { ...doc, name: 'Ada Obi', updatedBy: stamp(1) })).status, 201);
  const sale = await cast.staff[3].call('PUT', `${cast.dbs.main}/2C1`, { stores: 'sale', total_due: 1, amount_paid: 0, user: stamp(3) });
  assert.is((await cast.staff[1].call('PUT', `${cast.dbs.main}/2C1`, { _rev: sale.body.rev, stores: 'sale', user: stamp(3), _deleted: true, deletedBy: stamp(3) })).status, 403);
  assert.ok(SAVED.includes((await cast.staff[1].call('PUT', `${cast.dbs.main}/2C1`, { _rev: sale.body.rev, stores: 'sale', user: stamp(3), _deleted: true, deletedBy: stamp(1) })).status));
});

test('SMS units are never raised by a client: no credit, no relabelled or deleted message, no old counter', async () => {
  let n = 0;
  const balance = async () => (await cast.staff[0].call('GET', `/api/sms/oja-${cast.id}-shared`)).body.balance as number;
  for (const [who, client] of cast.levels()) {
    const level = Number(who.slice(-1));
    const sms = await client.call('PUT', `${cast.dbs.main}/fS${++n}`, { stores: 'sms', sender: '', recipient: '+2348012345678', message: 'Hello', status: 'queued', units: 1, date: Date.now(), user: stamp(level) });
    assert.is(sms.status, 201, `${who} queues: ${JSON.stringify(sms.body)}`);
    const queued = (await client.call('GET', `${cast.dbs.main}/fS${n}`)).body;
    const before = await balance();
    assert.is((await client.call('PUT', `${cast.dbs.shared}/sms-credit-x${n}`, { stores: 'sms-credit', units: 99999, reason: 'purchase', date: Date.now() })).status, 403, `${who} credit`);
    // The dispatcher may have sent the message meanwhile (a new revision): Apache CouchDB then answers 409 before
    // its rules run, the embedded server 403 after them. Either way nothing is saved (the balance is checked below).
    const refused = (status: number) => status === 403 || (onCouchdb && status === 409);
    assert.ok(refused((await client.call('PUT', `${cast.dbs.main}/fS${n}`, { ...queued, stores: 'note' })).status), `${who} relabel`);
    assert.ok(refused((await client.call('PUT', `${cast.dbs.main}/fS${n}`, { ...queued, units: 0 })).status), `${who} lower units`);
    assert.ok(refused((await client.call('DELETE', `${cast.dbs.main}/fS${n}?rev=${queued._rev}`)).status), `${who} delete`);
    const child = { ...queued, stores: 'note', _rev: `2-x${n}`, _revisions: { start: 2, ids: [`x${n}`, queued._rev.split('-')[1]] } };
    assert.ok(forbidden(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { new_edits: false, docs: [child] })), `${who} replicated relabel`);
    const note = await client.call('PUT', `${cast.dbs.shared}/note${n}`, { stores: 'note' });
    assert.is((await client.call('PUT', `${cast.dbs.shared}/note${n}`, { _rev: note.body.rev, stores: 'sms-credit', units: 99999, reason: 'purchase', date: Date.now() })).status, 403, `${who} relabel into a credit`);
    assert.is((await client.call('PUT', `${cast.dbs.shared}/sms-units`, { stores: 'sms-units', balance: 99999 })).status, 403, `${who} old counter`);
    assert.ok((await balance()) <= before, `${who}: the balance rose`);
  }
});

test('a document over the size cap in a batch is refused alone, with a clear reason; the rest is written', async () => {
  const res = await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, {
    docs: [
      { _id: '7big', stores: 'item', name: 'Big', image: 'x'.repeat(MAX_DOC_CHARS + 10) },
      { _id: '7small', stores: 'item', name: 'Small' },
    ],
  });
  const byId = new Map((res.body as { id: string }[]).map((r) => [r.id, r]));
  assert.is((byId.get('7big') as { error?: string }).error, 'forbidden');
  assert.match((byId.get('7big') as { reason?: string }).reason ?? '', /larger than 1 MB/);
  assert.ok((byId.get('7small') as { ok?: boolean }).ok);
});

test.run();
