/**
 * An edit is all or nothing (issue 36, item 8). Another till's edit of the same purchase or sale arrives by
 * replication between the handler's read and its write: the edit must fail cleanly (nothing of it written, the
 * other till's version stands) and the ledger must agree with the invoice. On a1cae3b `purchase-update` answered
 * 'could not be saved' yet line -0 was rewritten (quantity 2 → 4) and line -1 deleted while the header kept the
 * other version; `sale-update` the same.
 *
 * The replicated edit is written the way PouchDB's replication writes it (`new_edits: false`, a child revision
 * of the one the handler read), just before the handler's own bulkDocs reaches the database.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BaseDoc } from '../../commands/docs';
import type { NodeBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';
import { makeBackend, ok } from './helpers';
import { purchaseForm, seedPurchaseItems } from './purchase-fixtures';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { BEANS, CUSTOMER, PALM_OIL, RICE, RICE_BAG } from '../support/fixtures';

type Doc = BaseDoc & Record<string, unknown>;

/**
 * Before the next own write that touches `id`, another till's edit of `id` (`change` applied to the stored
 * document) arrives as replication writes it. Answers what that till wrote.
 */
function replicatedEditBeforeNextWrite(b: NodeBackend, id: string, change: (doc: Doc) => Doc): { arrived: () => Doc | undefined } {
  const main = untyped(b.ctx.db.main);
  const original = main.bulkDocs.bind(main);
  let arrived: Doc | undefined;
  main.bulkDocs = (async (docs: Doc[], opts?: { new_edits?: boolean }) => {
    const list = Array.isArray(docs) ? docs : (docs as unknown as { docs: Doc[] }).docs;
    if (!arrived && opts?.new_edits !== false && list.some((d) => d._id === id)) {
      const current = (await main.get(id)) as Doc;
      const [n, hash] = String(current._rev).split('-');
      const next = `${Number(n) + 1}-${'f'.repeat(32)}`;
      arrived = { ...change(current), _rev: next, _revisions: { start: Number(n) + 1, ids: ['f'.repeat(32), hash] } } as Doc;
      await original([arrived] as never[], { new_edits: false });
    }
    return original(docs as never[], opts as never);
  }) as typeof main.bulkDocs;
  return { arrived: () => arrived };
}

async function liveLines(b: NodeBackend, id: string) {
  const res = await b.ctx.db.main.allDocs({ startkey: `${id}-`, endkey: `${id}-\uffff`, include_docs: true });
  return res.rows.map((r) => r.doc as unknown as Doc).filter((d) => !d._deleted);
}

test('purchase-update: a replicated edit arriving mid-edit makes the whole edit fail, nothing of it written', async () => {
  const b = await makeBackend();
  await seedPurchaseItems(b);
  const { id } = ok(await b.dispatch('purchase-create', purchaseForm()));
  await b.settled();
  const stockBefore = [b.ctx.ledger.stock(RICE_BAG._id), b.ctx.ledger.stock(PALM_OIL._id)];
  assert.equal(stockBefore, [2, 1]);
  const other = replicatedEditBeforeNextWrite(b, id, (doc) => ({ ...doc, invoice_number: 'INV-OTHER-TILL' }));

  const reply = await b.dispatch('purchase-update', {
    ...purchaseForm({ amount_paid: 208000, items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 4, price: 52000 }] }),
    id,
  });
  assert.ok(other.arrived(), 'the other till\'s edit arrived mid-edit');
  assert.equal(reply, { ok: false, error: { code: 'purchase-save', message: 'The purchase could not be saved. Please try again.' } });
  await b.settled();
  const got = ok(await b.dispatch('purchase-get', { id }))!;
  assert.is(got.purchase.invoice_number, 'INV-OTHER-TILL', "the other till's version stands");
  assert.equal(
    got.lines.map((l) => [l._id, l.id, l.quantity]),
    [
      [`${id}-0`, RICE_BAG._id, 2],
      [`${id}-1`, PALM_OIL._id, 1],
    ],
    'line -0 not rewritten, line -1 not deleted',
  );
  assert.equal([b.ctx.ledger.stock(RICE_BAG._id), b.ctx.ledger.stock(PALM_OIL._id)], stockBefore, 'the ledger agrees with the invoice');
  // No audit entry for an edit that did not happen.
  const audit = await b.ctx.db.main.allDocs({ startkey: 'audit:', endkey: 'audit:\uffff', include_docs: true });
  assert.not.ok(audit.rows.some((r) => (r.doc as unknown as Doc).action === 'purchase-edit'));

  // Tried again on the version that now stands, the edit succeeds whole.
  ok(await b.dispatch('purchase-update', { ...purchaseForm({ amount_paid: 208000, items: [{ id: RICE_BAG._id, name: RICE_BAG.name, quantity: 4, price: 52000 }] }), id }));
  await b.settled();
  assert.equal((await liveLines(b, id)).map((l) => [l._id, l.quantity]), [[`${id}-0`, 4]]);
  assert.equal([b.ctx.ledger.stock(RICE_BAG._id), b.ctx.ledger.stock(PALM_OIL._id)], [4, 0]);
  await b.close();
});

test('sale-update: a replicated edit arriving mid-edit makes the whole edit fail, nothing of it written', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { editableInvoice: true });
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2), line(BEANS, 1)], amount_paid: 0, confirmDebt: true })));
  await b.settled();
  const before = { rice: b.ctx.ledger.stock(RICE.id), beans: b.ctx.ledger.stock(BEANS.id), customer: b.ctx.ledger.client(CUSTOMER._id) };
  const linesBefore = (await liveLines(b, saved.id)).map((l) => [l._id, l.id, l.quantity]);
  const other = replicatedEditBeforeNextWrite(b, saved.id, (doc) => ({ ...doc, waybill: 'from the other till' }));

  const reply = await b.dispatch('sale-update', { id: saved.id, items: [line(RICE, 5)], amount_paid: 0, confirmDebt: true });
  assert.ok(other.arrived());
  assert.is(reply.ok ? 'saved' : reply.error.code, 'save-failed');
  await b.settled();
  const sale = ok(await b.dispatch('sale-get', { id: saved.id })).sale;
  assert.is(sale.waybill, 'from the other till');
  assert.equal(sale.items.map((l) => [l.id, l.quantity]), [
    [RICE.id, 2],
    [BEANS.id, 1],
  ]);
  assert.equal((await liveLines(b, saved.id)).map((l) => [l._id, l.id, l.quantity]), linesBefore, 'old lines live, no new line');
  assert.equal({ rice: b.ctx.ledger.stock(RICE.id), beans: b.ctx.ledger.stock(BEANS.id), customer: b.ctx.ledger.client(CUSTOMER._id) }, before);
  await b.close();
});

test.run();
