import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { makeBackend, ok } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';
import { BEANS, CUSTOMER, RICE } from '../support/fixtures';
import { expectKind, stored } from '../support/docs';

async function liveLines(b: Awaited<ReturnType<typeof makeBackend>>, id: string) {
  const res = await b.ctx.db.main.allDocs({ startkey: `${id}-`, endkey: `${id}-\uffff`, include_docs: true });
  return res.rows.map((r) => expectKind(r.doc, 'sale_item'));
}

test('editing needs editable invoices', async () => {
  const b = await makeBackend();
  await seed(b);
  const saved = ok(await b.dispatch('sale-create', saleInput()));
  const r = await b.dispatch('sale-update', { id: saved.id, items: [line(RICE, 1)], amount_paid: 1250.5 });
  assert.is(!r.ok && r.error.code, 'not-editable');
  await b.close();
});

test('an edit keeps customer and number, replaces the lines in one batch, and moves stock and balance', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { editableInvoice: true });
  const saved = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 8)], amount_paid: 10004 })));
  const before = await liveLines(b, saved.id);
  // Selling 9 Rice on the edit is allowed: the 8 already sold come back first (10 in stock).
  const edited = ok(
    await b.dispatch('sale-update', {
      id: saved.id,
      items: [line(RICE, 9), line(BEANS, 2)],
      amount_paid: 11254.5,
      confirmDebt: true,
    }),
  );
  assert.is(edited.invoice_number, saved.invoice_number);
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.is(sale.customer.name, CUSTOMER.name);
  assert.is(sale.summary, 'Sale of Rice & Beans');
  assert.is(sale.total_due, 12854.5); // 9 × 1,250.50 + 2 × 800
  const after = await liveLines(b, saved.id);
  assert.equal(after.map((l) => [l._id, l.id, l.quantity]), [
    [`${saved.id}-1`, RICE.id, 9],
    [`${saved.id}-2`, BEANS.id, 2],
  ]);
  assert.is(before[0]._id, `${saved.id}-0`);
  await b.ctx.ledger.ready();
  assert.is(b.ctx.ledger.stock(RICE.id), 1);
  assert.is(b.ctx.ledger.stock(BEANS.id), 3);
  assert.is(b.ctx.ledger.client(CUSTOMER._id), 1600);
  const tooMany = await b.dispatch('sale-update', { id: saved.id, items: [line(RICE, 11)], amount_paid: 0, confirmDebt: true });
  assert.is(!tooMany.ok && tooMany.error.message, 'There are only 10 Rice left, hence you cannot sell upto 11');
  await b.close();
});

test('an edit moves the bank part: the old bank loses it, the new one holds it, cash takes the rest', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { editableInvoice: true });
  const { id: gtb } = ok(await b.dispatch('bank-create', { name: 'GTB' }));
  const { id: uba } = ok(await b.dispatch('bank-create', { name: 'UBA' }));
  const saved = ok(await b.dispatch('sale-create', saleInput({ bank: { name: { ref: gtb, name: 'GTB' }, amount: 2000 } })));
  await b.ctx.ledger.ready();
  assert.equal([b.ctx.ledger.bank(gtb), b.ctx.ledger.bank(CASH_ACCOUNT)], [2000, 501]);
  ok(await b.dispatch('sale-update', { id: saved.id, items: [line(RICE, 2)], amount_paid: 2501, bank: { name: { ref: uba, name: 'UBA' }, amount: 1000.25 } }));
  await b.ctx.ledger.ready();
  assert.equal([b.ctx.ledger.bank(gtb), b.ctx.ledger.bank(uba), b.ctx.ledger.bank(CASH_ACCOUNT)], [0, 1000.25, 1500.75]);
  assert.equal((await stored(b.ctx.db.main, saved.id, 'sale')).bank, { name: { ref: uba, name: 'UBA' }, amount: 1000.25 });
  await b.close();
});

test.run();
