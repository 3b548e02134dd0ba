/**
 * Finding 5: two devices signed in as one user (one policy prefix) make hundreds of sales in the same
 * milliseconds (both clocks stopped), then sync through one server: every sale and every line arrives, on the
 * server and on both devices. Without a device part in the ids, about one pair in 62 would share an id and one
 * sale would replace the other.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PouchDB } from '../../worker/pouch';
import { makeBackend, ok, T0 } from './helpers';
import { line, saleInput, seed } from './sales-fixtures';
import { GARRI } from '../support/fixtures';

const SALES = 300;

type Db = PouchDB.Database<Record<string, unknown>>;

async function kinds(db: Db) {
  const rows = (await db.allDocs({ include_docs: true })).rows.map((r) => r.doc as { stores?: string; invoice_number?: string } | undefined);
  return { sales: rows.filter((d) => d?.stores === 'sale'), lines: rows.filter((d) => d?.stores === 'sale_item') };
}

test('two devices of one user, same milliseconds, 300 sales each: 600 sales and 600 lines after sync, everywhere', async () => {
  const stopped = () => T0;
  const a = await makeBackend({ clock: stopped });
  const b = await makeBackend({ clock: stopped });
  const server = new PouchDB(`ids-server-${process.pid}`, { adapter: 'memory' }) as unknown as Db;
  await seed(a, [{ ...GARRI, stock: 100000 }]);
  await a.ctx.db.main.replicate.to(server);
  await b.ctx.db.main.replicate.from(server);

  const sell = async (device: typeof a) => {
    for (let i = 0; i < SALES; i++) ok(await device.dispatch('sale-create', saleInput({ items: [line(GARRI, 1)], amount_paid: 0.1 })));
  };
  await Promise.all([sell(a), sell(b)]);
  const made = [...(await kinds(a.ctx.db.main as unknown as Db)).sales, ...(await kinds(b.ctx.db.main as unknown as Db)).sales];
  assert.is(made.length, 2 * SALES);

  for (const device of [a, b]) await device.ctx.db.main.replicate.to(server);
  for (const device of [a, b]) await device.ctx.db.main.replicate.from(server);
  for (const [where, db] of [['server', server], ['device A', a.ctx.db.main], ['device B', b.ctx.db.main]] as const) {
    const { sales, lines } = await kinds(db as unknown as Db);
    assert.is(sales.length, 2 * SALES, `${where}: sales`);
    assert.is(lines.length, 2 * SALES, `${where}: lines`);
    assert.is(new Set(sales.map((s) => s!.invoice_number)).size, 2 * SALES, `${where}: invoice numbers`);
    const conflicts = await (db as unknown as Db).allDocs({ include_docs: true, conflicts: true });
    assert.ok(conflicts.rows.every((r) => !(r.doc as { _conflicts?: unknown[] } | undefined)?._conflicts?.length || (r.doc as { stores?: string }).stores !== 'sale'), `${where}: no sale in conflict`);
  }
  await Promise.all([a.close(), b.close(), server.destroy()]);
});

test('a device keeps its tag across restarts; two devices get different tags', async () => {
  const name = `ids-tag-${process.pid}`;
  const first = await makeBackend({ name });
  const id1 = first.ctx.newId('sale');
  await first.close();
  const again = await makeBackend({ name });
  const id2 = again.ctx.newId('sale');
  const other = await makeBackend();
  const id3 = other.ctx.newId('sale');
  // '2' + policy prefix 'A' + four tag characters, then the time.
  assert.is(id1.slice(0, 6), id2.slice(0, 6));
  assert.is.not(id1.slice(0, 6), id3.slice(0, 6));
  await Promise.all([again.close(), other.close()]);
});

test.run();
