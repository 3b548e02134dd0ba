/**
 * Finding 3: the server refuses deletions of transactions (`_deleted` by PUT, DELETE and _bulk_docs, also
 * replicated with new_edits=false; the `deleted` marker; delete_pending) unless the business's delete policy,
 * review setting and timeout admit that user, and follows the settings as soon as the owner changes them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Client } from './helpers';
import { freshServer, SAVED } from './helpers';
import { castOf, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Delete Shop');
});
test.after(async () => {
  await env?.stop();
});

const stamp = (level: number) => ({ username: cast.usernames[level], fullname: `Level ${level}`, level });
let serial = 0;

/** A transaction written by `level` (a sale with two lines unless `kind` says otherwise); answers its documents. */
async function transaction(level: number, kind = 'sale', date = Date.now()) {
  const id = `${{ sale: '2', payment: '5', expense: 'a', purchase: '3' }[kind]}T${++serial}`;
  const docs: ({ _id: string } & Record<string, unknown>)[] = [{ _id: id, stores: kind, date, user: stamp(level), total_due: 5, amount_paid: 0, amount: 5, factor: 1, source: 'cash', description: 'Rent' }];
  if (kind === 'sale' || kind === 'purchase') for (const n of [0, 1]) docs.push({ _id: `${id}-${n}`, stores: `${kind}_item`, date, user: stamp(level), quantity: 1, transaction: { ref: id } });
  const res = await cast.staff[level].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs });
  assert.ok(res.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(res.body));
  const revs = new Map((res.body as { id: string; rev: string }[]).map((r) => [r.id, r.rev]));
  return docs.map((d) => ({ ...d, _rev: revs.get(d._id)! }));
}

/** Every way a client deletes (or marks) the documents; answers [route, refused?] for each attempt. */
async function attempts(client: Client, docs: Record<string, any>[]): Promise<[string, boolean][]> {
  const [head] = docs;
  const url = `${cast.dbs.main}/${head._id}`;
  const refused = (r: { status: number; body: any }) => r.status === 403 || (Array.isArray(r.body) && r.body.every((x: { error?: string }) => x.error === 'forbidden'));
  const child = (d: Record<string, any>, extra: object) => ({ ...d, ...extra, _rev: `2-dead${++serial}`, _revisions: { start: 2, ids: [`dead${serial}`, d._rev.split('-')[1]] } });
  return [
    ['PUT _deleted', refused(await client.call('PUT', url, { ...head, _deleted: true, deletedBy: stamp(0) }))],
    ['DELETE', refused(await client.call('DELETE', `${url}?rev=${head._rev}`))],
    ['_bulk_docs with lines', refused(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: docs.map((d) => ({ ...d, _deleted: true })) }))],
    ['_bulk_docs new_edits=false', refused(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { new_edits: false, docs: docs.map((d) => child(d, { _deleted: true })) }))],
    ['deleted marker', refused(await client.call('PUT', url, { ...head, deleted: true }))],
    ['delete_pending', refused(await client.call('PUT', url, { ...head, delete_pending: true }))],
    ['delete_pending new_edits=false', refused(await client.call('POST', `${cast.dbs.main}/_bulk_docs`, { new_edits: false, docs: [child(head, { delete_pending: true })] }))],
  ];
}

async function setting(key: string, value: unknown) {
  const shared = cast.dbs.shared;
  const current = await cast.staff[0].call('GET', `${shared}/config-${key}`);
  const res = await cast.staff[0].call('PUT', `${shared}/config-${key}`, { ...(current.status === 200 ? current.body : { stores: 'config', key }), value });
  assert.is(res.status, 201, JSON.stringify(res.body));
}

async function alive(id: string) {
  const res = await cast.staff[0].call('GET', `${cast.dbs.main}/${id}`);
  return res.status === 200 && !res.body.deleted && !res.body.delete_pending;
}

test('with the default policy (nobody deletes) every level is refused on every route, for sales, lines, payments and expenses', async () => {
  for (const kind of ['sale', 'payment', 'expense']) {
    const docs = await transaction(0, kind);
    for (const [who, client] of cast.levels()) {
      for (const [route, refused] of await attempts(client, docs)) assert.ok(refused, `${kind}: ${who} ${route}`);
    }
    for (const d of docs) assert.ok(await alive(d._id), `${kind} ${d._id} survives`);
  }
  // A sale's lines alone are not deleted either (editable invoices is off).
  const sale = await transaction(3);
  const lines = await cast.staff[3].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: sale.slice(1).map((d) => ({ ...d, _deleted: true })) });
  assert.ok(lines.body.every((r: { error?: string }) => r.error === 'forbidden'), JSON.stringify(lines.body));
  // Relabelling is no way round: a sale does not become a customer.
  assert.is((await cast.staff[1].call('PUT', `${cast.dbs.main}/${sale[0]._id}`, { ...sale[0], stores: 'customer', name: 'x' })).status, 403);
});

test("the owner's settings take effect at once: 'admin' lets only the owner delete; timeouts and review hold", async () => {
  await setting('deletePolicy', 'admin');
  const owned = await transaction(3);
  for (const level of [1, 3]) for (const [route, refused] of await attempts(cast.staff[level], owned)) assert.ok(refused, `level ${level} ${route}`);
  const del = await cast.staff[0].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: owned.map((d) => ({ ...d, _deleted: true, deletedBy: stamp(0) })) });
  assert.ok(del.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(del.body));
  // Every database of the business carries the new rule.
  // The settings live in the gate's reading of them, not in the design documents (one function for every business).
  for (const db of Object.values(cast.dbs)) assert.not.match((await cast.admin('GET', `${db.replace('/db', '')}/_design/oja-security`)).body.validate_doc_update, /deletePolicy/);

  await setting('deletePolicy', 'all');
  await setting('deleteTimeout', 1);
  const old = await transaction(3, 'sale', Date.now() - 2 * 3_600_000);
  for (const [route, refused] of await attempts(cast.staff[0], old)) assert.ok(refused, `owner, past the timeout: ${route}`);
  await setting('deleteTimeout', 0);

  await setting('reviewDelete', 'admin');
  const reviewed = await transaction(3);
  // A sales agent only marks; marking is allowed, deleting and clearing the mark are the reviewer's.
  assert.is((await cast.staff[3].call('DELETE', `${cast.dbs.main}/${reviewed[0]._id}?rev=${reviewed[0]._rev}`)).status, 403);
  const mark = await cast.staff[3].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: reviewed.map((d) => ({ ...d, delete_pending: true, deleteRequestedBy: stamp(3) })) });
  assert.ok(mark.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(mark.body));
  const marked = (await cast.staff[3].call('GET', `${cast.dbs.main}/${reviewed[0]._id}`)).body;
  const { delete_pending: _p, deleteRequestedBy: _r, ...cleared } = marked;
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/${marked._id}`, cleared)).status, 403);
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/${marked._id}`, { ...marked, _deleted: true })).status, 403);
  assert.ok(SAVED.includes((await cast.staff[0].call('PUT', `${cast.dbs.main}/${marked._id}`, { ...marked, _deleted: true, deletedBy: stamp(0) })).status));

  // Back to the default: nobody deletes, the owner included.
  await setting('reviewDelete', 'none');
  await setting('deletePolicy', 'none');
  const last = await transaction(0);
  for (const [route, refused] of await attempts(cast.staff[0], last)) assert.ok(refused, `owner under 'none': ${route}`);
});

test("'creator' admits only the stamped creator; editable invoices let a seller's edit remove sale lines", async () => {
  await setting('deletePolicy', 'creator');
  const agents = await transaction(3);
  for (const [route, refused] of await attempts(cast.staff[1], agents)) assert.ok(refused, `manager on the agent's sale: ${route}`);
  const own = await cast.staff[3].call('POST', `${cast.dbs.main}/_bulk_docs`, { docs: agents.map((d) => ({ ...d, _deleted: true, deletedBy: stamp(3) })) });
  assert.ok(own.body.every((r: { ok?: boolean }) => r.ok), JSON.stringify(own.body));
  await setting('deletePolicy', 'none');
  const sale = await transaction(3);
  const line = sale[1];
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/${line._id}`, { ...line, _deleted: true, deletedBy: stamp(3) })).status, 403);
  await setting('editableInvoice', true);
  assert.ok(SAVED.includes((await cast.staff[3].call('PUT', `${cast.dbs.main}/${line._id}`, { ...line, _deleted: true, deletedBy: stamp(3) })).status));
  // The owner's sale is not the agent's to edit (commands/rules/saved-edits.ts), editable invoices or not.
  const owners = await transaction(0);
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/${owners[1]._id}`, { ...owners[1], _deleted: true, deletedBy: stamp(3) })).status, 403);
  assert.is((await cast.staff[3].call('PUT', `${cast.dbs.main}/${sale[0]._id}`, { ...sale[0], _deleted: true, deletedBy: stamp(3) })).status, 403);
  await setting('editableInvoice', false);
});

test.run();
