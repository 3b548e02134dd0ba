/**
 * The quick sale charges VAT (issue 39, item 7): it sends the settings' VAT (defaultVat) with the sale, which the
 * worker prices through the same chargesFor and saleTotals as the sale form's; the VAT report lists the sale and
 * the Z-report counts its VAT. On a1cae3b the quick sale sent none: its receipt carried no VAT, the VAT report
 * listed only sale-form invoices and the Z-report said VAT ₦0.00. Figures by hand: 2 × ₦1,250.50 = ₦2,501.00;
 * 7.5 % of it = ₦187.575, rounded half away from zero to ₦187.58; exclusive, the Total is ₦2,688.58.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defaultVat } from '../../commands/lib/sale-math';
import { makeBackend, ok, T0 } from './helpers';
import { configure, line, seed } from './sales-fixtures';
import { RICE } from '../support/fixtures';

test('a quick sale with VAT on: VAT on the sale, in the VAT report and in the Z-report', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { useVat: true, vatPercentage: 7.5, vatType: 'exclusive' });
  ok(await b.dispatch('shift-open', { float: 0 }));
  const cfg = await b.ctx.config();
  // What the quick sale's Complete sends (src/sales/quick/quick-store.ts): a walk-in, the basket, the VAT.
  const saved = ok(await b.dispatch('sale-create', { customer: { with_account: false, name: 'Walk-in' }, items: [line(RICE, 2)], amount_paid: 2688.58, vat: defaultVat(cfg) }));
  const sale = ok(await b.dispatch('sale-get', { id: saved.id })).sale;
  assert.equal([sale.vat?.amount, sale.vat?.percentage, sale.vat?.type, sale.total_due], [187.58, 7.5, 'exclusive', 2688.58]);

  const vat = ok(await b.dispatch('report-rows', { report: 'vat', offset: 0, limit: 10, range: { from: T0 - 86_400_000, to: T0 + 86_400_000 } }));
  assert.equal(vat.rows.map((r) => [r.label, r.base, r.vat, r.total]), [[saved.invoice_number, 2501, 187.58, 2688.58]]);
  const { shift } = ok(await b.dispatch('shift-current', {}));
  assert.equal([shift?.z.vat, shift?.z.total], [187.58, 2688.58]);

  // VAT off: the quick sale sends none and charges none.
  await configure(b, { useVat: false });
  assert.is(defaultVat(await b.ctx.config()), undefined);
  await b.close();
});

test.run();
