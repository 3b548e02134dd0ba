/**
 * Property: for a seeded random sequence of 1,200 creates, edits, deletes and documents replicated in from a
 * second database (conflicting edits included), the ledger's incremental sums equal a full recompute — for
 * stock per item and warehouse, clients and banks, and every account's entries — at every check and after a
 * cold start from checkpoint with documents edited and deleted while no backend ran (balances checked before
 * the entries are restored, entries after).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureAdapter, PouchDB, type Database } from '../../worker/pouch';
import { recompute } from '../../worker/ledger/engine';
import { closeDatabases, openDatabases, untyped } from '../../worker/db';
import { makeBackend } from './helpers';
import { entriesOf } from './ledger-fixtures';
import { seededRandom as rng } from '../../scripts/bench/rng';

type Doc = Record<string, unknown> & { _id: string; _rev?: string };

const ITEMS = ['i1', 'i2', 'i3', 'i4', 'i5'];
const WAREHOUSES = [undefined, 'store', 'w1', 'w2'];
const CLIENTS = ['c1', 'c2', 'c3', 's1', 's2'];
const BANKS = [{ ref: 'b1', name: 'GTB' }, { ref: 'b2', name: 'UBA' }, 'cash', 'Start balance'];

function randomDoc(r: () => number, id: string): Doc {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const qty = () => Math.round(r() * 200) / 10; // up to one decimal
  const money = () => Math.round(r() * 100000) / 100;
  const date = Math.floor(r() * 1e6);
  const ref = () => ({ name: 'x', account_ref: pick(CLIENTS) });
  // Units of measure (issue 28): a line or movement in a pack moves quantity × unit_factor base units.
  const pack = () => (r() < 0.3 ? { unit: 'carton', unit_factor: pick([2, 12, 24]) } : {});
  const kinds: (() => Doc)[] = [
    () => ({ _id: id, stores: 'purchase_item', id: pick(ITEMS), quantity: qty(), to: pick(WAREHOUSES), expiry_date: r() < 0.5 ? date : undefined, date, ...pack() }),
    () => ({ _id: id, stores: 'sale_item', id: pick(ITEMS), quantity: qty(), factor: r() < 0.9 ? -1 : undefined, to: pick(WAREHOUSES), date, ...pack() }),
    () => ({ _id: id, stores: 'issue_item', id: pick(ITEMS), quantity: qty(), factor: r() < 0.5 ? -1 : 1, to: pick(WAREHOUSES), date }),
    () => ({ _id: id, stores: 'stock', item: { id: pick(ITEMS), name: 'x' }, quantity: qty(), price: 1, date }),
    () => ({ _id: id, stores: 'good-returns', item: { id: pick(ITEMS), name: 'x', rate: 1 }, quantity: r() < 0.5 ? qty() : -qty(), amount: -money(), client: r() < 0.5 ? ref() : undefined, date }),
    () => ({ _id: id, stores: 'damaged-goods', item: { id: pick(ITEMS), name: 'x' }, quantity: -qty(), to: pick(WAREHOUSES), date, ...pack() }),
    () => ({ _id: id, stores: 'warehouse-transfer', item: { id: pick(ITEMS), name: 'x' }, from: { location: pick(WAREHOUSES) ?? 'store', value: '' }, to: { location: pick(WAREHOUSES) ?? 'w1', value: '' }, quantity: qty(), date, ...pack() }),
    () => ({ _id: id, stores: 'sale', customer: { with_account: true, ...ref() }, total_due: money(), amount_paid: money(), vat: r() < 0.3 ? { amount: money() / 10 } : undefined, bank: r() < 0.5 ? { name: pick(BANKS.slice(0, 2)), amount: money() / 4 } : undefined, date }),
    () => ({ _id: id, stores: 'purchase', supplier: { name: 's', account_ref: pick(CLIENTS) }, total_due: money(), amount_paid: money(), date }),
    () => ({ _id: id, stores: 'payment', client: r() < 0.8 ? ref() : undefined, factor: r() < 0.5 ? -1 : 1, amount: money(), medium: pick(BANKS), exclude: r() < 0.1, date }),
    () => ({ _id: id, stores: 'cash-adjustment', client: ref(), factor: r() < 0.5 ? -1 : 1, amount: money(), date }),
    () => ({ _id: id, stores: 'stock-transfer', sender: ref(), recipient: ref(), item: { id: pick(ITEMS), name: 'x' }, quantity: qty(), send_price: money(), receive_price: money(), date }),
    () => ({ _id: id, stores: 'expense', amount: money(), source: pick(BANKS.slice(0, 3)), description: 'e', date }),
    () => ({ _id: id, stores: 'item', name: 'not a movement', price: 1, date }),
  ];
  const doc = pick(kinds)();
  for (const k of Object.keys(doc)) if (doc[k] === undefined) delete doc[k];
  return doc;
}

/** An edit: a fresh random body under the same id, or a marker change. */
function edited(r: () => number, current: Doc): Doc {
  const roll = r();
  if (roll < 0.15) return { ...current, delete_pending: true };
  if (roll < 0.25) return { ...current, deleted: true };
  if (roll < 0.3) return { _id: current._id, _rev: current._rev, _deleted: true, deletedBy: { username: 'u', fullname: 'U' } };
  return { ...randomDoc(r, current._id), _rev: current._rev };
}

async function getDoc(db: Database, id: string): Promise<Doc | undefined> {
  try {
    return (await db.get(id)) as Doc;
  } catch {
    return undefined;
  }
}

test('incremental sums equal a full recompute over 1,200 random operations, local and replicated', async () => {
  await ensureAdapter('memory');
  const r = rng(20261122);
  const name = `ledger-prop-${process.pid}`;
  // Small checkpoint chunks: a cold start restores several, and changes land in restored and unrestored ones.
  const ledger = { checkpointChunkEntries: 16 };
  let b = await makeBackend({ name, ledger });
  const remote = new PouchDB<Record<string, unknown>>(`${name}-remote`, { adapter: 'memory' }) as Database;
  const ids: string[] = [];
  const remoteIds: string[] = [];
  let checks = 0;

  const check = async () => {
    await b.settled();
    const full = await recompute(b.ctx.db.main);
    assert.equal(b.ctx.ledger.state().snapshot(), full.state.snapshot());
    assert.equal(entriesOf(b.ctx.ledger.state()), entriesOf(full.state));
    checks++;
  };

  for (let op = 0; op < 1200; op++) {
    const roll = r();
    const main = untyped(b.ctx.db.main);
    if (roll < 0.35 || ids.length < 5) {
      const id = `d${op}`;
      await main.put(randomDoc(r, id));
      ids.push(id);
    } else if (roll < 0.6) {
      const current = await getDoc(main, ids[Math.floor(r() * ids.length)]);
      if (current) await main.put(edited(r, current));
    } else if (roll < 0.7) {
      const current = await getDoc(main, ids[Math.floor(r() * ids.length)]);
      if (current) await main.remove(current._id, current._rev!);
    } else if (roll < 0.85) {
      // Written on another device: created, or edited there (possibly conflicting with a local edit).
      if (remoteIds.length && r() < 0.4) {
        const current = await getDoc(remote, remoteIds[Math.floor(r() * remoteIds.length)]);
        if (current) await remote.put(edited(r, current));
      } else {
        const id = `r${op}`;
        await remote.put(randomDoc(r, id));
        remoteIds.push(id);
        ids.push(id);
      }
    } else if (roll < 0.93) {
      await remote.replicate.to(main);
    } else if (roll < 0.96) {
      await check();
    } else if (roll < 0.97) {
      // A cold start in the middle: from the checkpoint, with edits and deletions made while no backend ran.
      await b.ctx.ledger.checkpoint();
      await b.close();
      const dbs = await openDatabases(name, 'memory');
      for (let k = 0; k < 4; k++) {
        const current = await getDoc(dbs.main, ids[Math.floor(r() * ids.length)]);
        if (current) await (r() < 0.3 ? untyped(dbs.main).remove(current._id, current._rev!) : untyped(dbs.main).put(edited(r, current)));
      }
      await closeDatabases(dbs);
      b = await makeBackend({ name, ledger });
      await b.ctx.ledger.ready();
      const early = b.ctx.ledger.state().snapshot(); // before the entries are restored
      assert.equal(early, (await recompute(b.ctx.db.main)).state.snapshot());
      assert.is(b.ctx.ledger.origin(), 'checkpoint');
      await check();
    }
  }
  await remote.replicate.to(b.ctx.db.main);
  await check();
  const snap = b.ctx.ledger.state().snapshot();
  // The sequence really exercised every book.
  assert.ok(Object.keys(snap.stock).length >= 4, 'stock accounts');
  assert.ok(Object.keys(snap.clients).length >= 4, 'client accounts');
  assert.ok(Object.keys(snap.banks).length >= 3, 'bank accounts');
  assert.ok(checks >= 20, `checked ${checks} times`);
  await remote.destroy();
  await b.close();
});

test.run();
