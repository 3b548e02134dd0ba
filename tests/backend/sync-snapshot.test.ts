/**
 * A new till's snapshot pull (worker/sync/snapshot.ts) against a real server, through a proxy that records
 * every request: the pages of the server's changes feed fill all three databases (a document changed on the
 * server between two pages arrives as the next revision, not a conflict), the live pull goes on from
 * the snapshot's sequence (never from 0), what the till writes before and during the sync reaches the server
 * without a push walk over the pulled documents, and a till that has pulled before keeps the replication path.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { businessDbName } from '../../commands/session';
import { createBackend, type NodeBackend } from '../../worker/backend';
import { SNAPSHOT_PAGE } from '../../worker/sync/snapshot';
import { freshServer, registerBusiness } from '../server/helpers';
import { ok } from './helpers';
import { startRecordingProxy, type Seen } from '../support/recording-proxy';
import { putDoc } from '../../worker/writes';

const ADMIN_PASSWORD = 'snapshot-admin-pw';
const ITEMS = SNAPSHOT_PAGE + 300;

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer({ ADMIN_PASSWORD });
});
test.after(async () => {
  await env?.stop();
});

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(env.server.url + path, {
    method,
    headers: { Authorization: 'Basic ' + Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64'), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A business whose main database holds more than one snapshot page, and documents in the other two. */
async function shop(name: string) {
  const a = await registerBusiness(env.server, { name });
  const db = businessDbName(a.id);
  const items = Array.from({ length: ITEMS }, (_, i) => ({ _id: `7S${String(i).padStart(5, '0')}`, stores: 'item', name: `Snap item ${i}`, price: 100 + i, purchasePrice: 80, date: 1700000000000 }));
  assert.is((await admin('POST', `/db/${db}/_bulk_docs`, { docs: items })).status, 201);
  assert.is((await admin('PUT', `/db/${db}-denormalized/den-snap`, { kind: 'snap' })).status, 201);
  const backend = await createBackend({ adapter: 'memory', name: db, user: { username: a.username, fullname: 'Ada Obi', level: 0, business: a.id, policyPrefix: 'A' } });
  return { a, db, backend };
}

/** Resolves at the first sync event that says the till is caught up and idle (state paused, no progress). */
function caughtUp(b: NodeBackend, ms = 120000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sync did not settle')), ms);
    const off = b.subscribe((e: BackendEvent) => {
      if (e.kind === 'sync' && e.state === 'paused' && !e.progress) {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  });
}

const since = (url: string) => new URL(url, 'http://x').searchParams.get('since');
const isSnapshotPage = (db: string) => (s: Seen) => s.url.startsWith(`/db/${db}/_changes?`) && s.url.includes('include_docs=true');

async function counts(b: NodeBackend, db: string) {
  const local = await Promise.all([b.ctx.db.main, b.ctx.db.shared, b.ctx.db.denormalized].map(async (d) => (await d.info()).doc_count));
  // Less the server's design documents, which no member reads (server/couch/hide-design.ts).
  const designs = async (name: string) => (await admin('GET', `/db/${name}/_all_docs?startkey=%22_design%2F%22&endkey=%22_design0%22`)).body.rows.length as number;
  const remote = await Promise.all(['', '-shared', '-denormalized'].map(async (s) => ((await admin('GET', `/db/${db}${s}`)).body.doc_count as number) - (await designs(db + s))));
  return { local, remote };
}

test('a new till pulls by snapshot pages, pushes only its own writes, and the live pull goes on from the snapshot', async () => {
  const { a, db, backend: b } = await shop('Snapshot Shop');
  const proxy = await startRecordingProxy(env.server.url);
  try {
    // Written before sync starts: it must reach the server too.
    // Of a known kind: the server refuses documents of none (validate_doc_update).
    await putDoc(b.ctx.db.shared, { _id: 'till-before', stores: 'customer', name: 'Before', note: 'written before the sync' } as never);
    // The main database's second page waits until the till has made a sale-like write mid-sync.
    const second = proxy.hold((s) => isSnapshotPage(db)(s) && since(s.url) !== '0');
    const settled = caughtUp(b);
    ok(await b.dispatch('sync-start', { remote: `${proxy.url}/db`, username: a.username, password: 'secret12' }));
    await second.reached;
    const client = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Made Mid Sync', balance: '' }));
    // Every write of the worker goes through worker/writes.ts, which tells own-writes tracking.
    await putDoc(b.ctx.db.denormalized, { _id: 'den-mid', stores: 'customer', name: 'Mid', note: 'written during the sync' });
    // A document of the first page changes on the server meanwhile: the second page brings it again.
    const first = (await admin('GET', `/db/${db}/7S00000`)).body;
    assert.is((await admin('PUT', `/db/${db}/7S00000`, { ...first, name: 'Renamed mid sync' })).status, 201);
    second.release();
    await settled;

    const { local, remote } = await counts(b, db);
    assert.equal(local, remote, 'every database holds what the server holds');
    assert.ok(remote[0] > ITEMS);
    assert.is((await admin('GET', `/db/${db}/${client._id}`)).body.name, 'Made Mid Sync');
    assert.is((await admin('GET', `/db/${db}-denormalized/den-mid`)).body.note, 'written during the sync');
    assert.is((await admin('GET', `/db/${db}-shared/till-before`)).body.note, 'written before the sync');
    // Its new revision follows the old one (fetched with its history), not a conflict beside it.
    const renamed = (await b.ctx.db.main.get('7S00000', { conflicts: true })) as unknown as { name: string; _conflicts?: string[] };
    assert.is(renamed.name, 'Renamed mid sync');
    assert.is(renamed._conflicts, undefined);

    const mainChanges = proxy.seen.filter((s) => s.url.startsWith(`/db/${db}/_changes?`));
    assert.ok(mainChanges.filter(isSnapshotPage(db)).length >= 2, 'main came in more than one page');
    // No replication of main ever started from 0: the one after the snapshot and the live one go on from its sequence.
    const walks = mainChanges.filter((s) => !isSnapshotPage(db)(s) && since(s.url) === '0');
    assert.is(walks.length, 0, walks.map((s) => s.url).join('\n'));
    // Only the document that came again was fetched by _bulk_get.
    assert.is(proxy.seen.filter((s) => s.url.startsWith(`/db/${db}/`)).reduce((n, s) => n + s.bulkGetDocs, 0), 1);
    // The push asked the server about the till's own documents only, never the thousands it pulled.
    const asked = proxy.seen.filter((s) => s.url.startsWith(`/db/${db}`)).reduce((n, s) => n + s.revsDiffIds, 0);
    assert.ok(asked < 20, `revs_diff asked about ${asked} documents`);
    // Nothing is left waiting (the live push's checkpoint may land just after the lanes pause).
    for (let until = Date.now() + 30000; ok(await b.dispatch('sync-pending', {})).pending > 0; ) {
      assert.ok(Date.now() < until, `still pending: ${ok(await b.dispatch('sync-pending', {})).pending}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    // Live: a document written on the server afterwards arrives.
    const arrived = new Promise<void>((resolve) => b.subscribe((e) => e.kind === 'changed' && e.ids.includes('4after') && resolve()));
    assert.is((await admin('PUT', `/db/${db}/4after`, { stores: 'customer', name: 'After' })).status, 201);
    await arrived;

    // The same till again, having pulled before: the replication path, no snapshot.
    await b.dispatch('sync-stop', {});
    const pagesBefore = proxy.seen.filter(isSnapshotPage(db)).length;
    const again = caughtUp(b);
    ok(await b.dispatch('sync-start', { remote: `${proxy.url}/db`, username: a.username, password: 'secret12' }));
    await again;
    assert.is(proxy.seen.filter(isSnapshotPage(db)).length, pagesBefore, 'no snapshot page was read');
    const fromZero = proxy.seen.filter((s) => s.url.startsWith(`/db/${db}/_changes?`) && !isSnapshotPage(db)(s) && since(s.url) === '0');
    assert.is(fromZero.length, 0, fromZero.map((s) => s.url).join('\n'));
    assert.equal((await counts(b, db)).local, (await counts(b, db)).remote);
  } finally {
    await b.dispatch('sync-stop', {});
    await b.close();
    proxy.close();
  }
});

test.run();
