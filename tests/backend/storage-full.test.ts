/**
 * A full disk: the storage adapter refuses writes with QuotaExceededError. The command answers a clear
 * 'storage-full' error, the shell hears { kind: 'storage', full: true } once, nothing saved before is lost, the
 * refused sale leaves no document behind, and the first write that succeeds after space is freed clears it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { STORAGE_FULL_MESSAGE, type BackendEvent } from '../../commands/events';
import type { NodeBackend } from '../../worker/backend';
import { watchIndexedDbQuota } from '../../worker/storage-full';
import { makeBackend, ok } from './helpers';
import { line, saleInput, seed } from './sales-fixtures';
import { RICE } from '../support/fixtures';
import { balance } from './store-fixtures';

type AdapterWrite = (req: unknown, opts: unknown, callback: (err: unknown, res?: unknown) => void) => void;
type WithAdapter = { _bulkDocs: AdapterWrite };

/** Makes the memory adapter under `main` refuse every write from now on; answers the function that frees space. */
function fillDisk(b: NodeBackend, refuse: AdapterWrite): () => void {
  const db = b.ctx.db.main as unknown as WithAdapter;
  const working = db._bulkDocs;
  db._bulkDocs = refuse;
  return () => {
    db._bulkDocs = working;
  };
}

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

async function snapshot(b: NodeBackend) {
  const all = await b.ctx.db.main.allDocs({ include_docs: true });
  return all.rows.map((r) => ({ id: r.id, rev: r.value.rev }));
}

async function withEvents(b: NodeBackend) {
  const storage: boolean[] = [];
  b.subscribe((e: BackendEvent) => e.kind === 'storage' && storage.push(e.full));
  return storage;
}

test('a full disk refuses the sale with a clear error and loses nothing already saved', async () => {
  const b = await makeBackend();
  await seed(b);
  const events = await withEvents(b);
  const first = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)] })));
  const before = await snapshot(b);
  const free = fillDisk(b, (_req, _opts, callback) => callback(quotaError()));

  for (const reply of [
    await b.dispatch('sale-create', saleInput({ items: [line(RICE, 3)], amount_paid: 3751.5 })),
    await b.dispatch('item-create', { name: 'Soap', price: 100 }),
    await b.dispatch('client-create', { kind: 'customer', name: 'Musa' }),
  ]) {
    assert.equal(reply, { ok: false, error: { code: 'storage-full', message: STORAGE_FULL_MESSAGE } });
  }
  assert.equal(events, [true], 'told once, not per write');
  assert.ok(b.storageFull());
  assert.equal(await snapshot(b), before, 'every saved document is there, unchanged, and nothing was added');
  assert.is(await balance(b, RICE.id), 8);
  assert.ok(ok(await b.dispatch('sale-get', { id: first.id })));

  free();
  const next = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 3)], amount_paid: 3751.5 })));
  assert.equal(events, [true, false], 'the first write that succeeds clears the notice');
  assert.not.ok(b.storageFull());
  assert.is(await balance(b, RICE.id), 5);
  assert.is(ok(await b.dispatch('sale-get', { id: next.id })).sale.invoice_number, next.invoice_number);
  await b.close();
});

test("the browser's case: IndexedDB aborts the transaction, PouchDB says only 'transaction was aborted'", async () => {
  // A stand-in for the worker's IndexedDB: a transaction is an EventTarget with `error` and `onabort`, as there.
  class FakeTransaction extends EventTarget {
    error: DOMException | null = null;
    onabort: (() => void) | null = null;
    abort(error: DOMException) {
      this.error = error;
      this.dispatchEvent(new Event('abort'));
      this.onabort?.();
    }
  }
  class FakeIDBDatabase {
    transaction(): FakeTransaction {
      return new FakeTransaction();
    }
  }
  (globalThis as Record<string, unknown>).IDBDatabase = FakeIDBDatabase;
  watchIndexedDbQuota();

  const b = await makeBackend();
  await seed(b);
  const events = await withEvents(b);
  const before = await snapshot(b);
  // What pouchdb-adapter-indexeddb does: open a transaction, and on abort report a generic error.
  const free = fillDisk(b, (_req, _opts, callback) => {
    const txn = new FakeIDBDatabase().transaction();
    txn.onabort = () => callback(Object.assign(new Error('transaction was aborted'), { status: 500, name: 'unknown_error' }));
    txn.abort(quotaError());
  });
  const reply = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 }));
  assert.equal(reply, { ok: false, error: { code: 'storage-full', message: STORAGE_FULL_MESSAGE } });
  assert.equal(events, [true]);
  assert.equal(await snapshot(b), before);

  // Any other abort is not a full disk: the command's own message stays.
  free();
  const refuseOther = fillDisk(b, (_req, _opts, callback) => {
    const txn = new FakeIDBDatabase().transaction();
    txn.onabort = () => callback(Object.assign(new Error('transaction was aborted'), { status: 500, name: 'unknown_error' }));
    txn.abort(new DOMException('constraint', 'ConstraintError'));
  });
  const other = await b.dispatch('item-create', { name: 'Soap', price: 100 });
  assert.ok(!other.ok && other.error.code !== 'storage-full', JSON.stringify(other));
  refuseOther();
  await b.close();
});

test.run();
