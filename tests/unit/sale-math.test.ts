import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { discountAmount, lineTotal, netLineTotals, saleBalance, saleBalanceMinor, saleSummary, saleTotals, transportBalance } from '../../commands/lib/sale-math';

// Hand-computed: 3 × 1,250.50 = 3,751.50 − 51.50 = 3,700.00; 2 × 0.10 = 0.20 − 0 = 0.20.
const LINES = [
  { price: 1250.5, quantity: 3, discount: 51.5 },
  { price: 0.1, quantity: 2 },
];

test('line totals subtract the line discount from price × quantity', () => {
  assert.is(lineTotal(LINES[0]), 3700);
  assert.is(lineTotal(LINES[1]), 0.2);
  assert.is(lineTotal({ price: 0.1, quantity: 3 }), 0.3); // 0.1 * 3 is 0.30000000000000004 in floats
});

test('no charges: total due is the sum of line totals', () => {
  const t = saleTotals(LINES);
  assert.equal(t, { subtotal: 3700.2, discount: 0, transport: 0, vat: 0, total_due: 3700.2, total_quantity: 5 });
});

test('percentage discount is the percent of the total after line discounts', () => {
  // 10% of 3,700.20 = 370.02 → 3,330.18
  const t = saleTotals(LINES, { discount: { percentage: 10 } });
  assert.is(t.discount, 370.02);
  assert.is(t.total_due, 3330.18);
});

test('amount discount takes the amount; cumulative adds percentage and amount', () => {
  assert.is(saleTotals(LINES, { discount: { amount: 200 } }).total_due, 3500.2);
  // Percentage wins over the amount unless cumulative: 370.02 alone, or 370.02 + 100 = 470.02
  assert.is(discountAmount(3700.2, { percentage: 10, amount: 100 }), 370.02);
  assert.is(discountAmount(3700.2, { percentage: 10, amount: 100 }, true), 470.02);
  assert.is(saleTotals(LINES, { discount: { percentage: 10, amount: 100 }, cumulativeDiscount: true }).total_due, 3230.18);
});

test('exclusive VAT is the percentage of the total due and is added to it', () => {
  // 5% of 3,330.18 = 166.509 → 166.51; 3,330.18 + 166.51 = 3,496.69
  const t = saleTotals(LINES, { discount: { percentage: 10 }, vat: { percentage: 5, type: 'exclusive', withold: false } });
  assert.is(t.vat, 166.51);
  assert.is(t.total_due, 3496.69);
});

test('inclusive VAT is reported but not added; withheld exclusive VAT is not added either', () => {
  const inc = saleTotals(LINES, { vat: { percentage: 7.5, type: 'inclusive', withold: false } });
  // 7.5% of 3,700.20 = 277.515 → 277.52 (half away from zero)
  assert.is(inc.vat, 277.52);
  assert.is(inc.total_due, 3700.2);
  const held = saleTotals(LINES, { vat: { percentage: 5, type: 'exclusive', withold: true } });
  assert.is(held.vat, 185.01);
  assert.is(held.total_due, 3700.2);
  // Inclusive VAT the customer withholds comes out of the Total: 3,700.20 − 277.52 = 3,422.68.
  const heldInside = saleTotals(LINES, { vat: { percentage: 7.5, type: 'inclusive', withold: true } });
  assert.is(heldInside.total_due, 3422.68);
});

test('what a sale leaves on the account is Total − Amount paid (VAT ruling, issue 36)', () => {
  assert.is(saleBalance({ total_due: 17221.5, amount_paid: 10000 }), 7221.5);
  assert.is(saleBalance({ total_due: 17221.5, amount_paid: 17221.5 }), 0);
  assert.is(saleBalanceMinor({ total_due: 0.3, amount_paid: 0.1 }), 20);
});

test('transport charged to the customer joins the total before VAT', () => {
  // 3,700.20 − 200 + 1,000 = 4,500.20; VAT 5% = 225.01; total 4,725.21
  const t = saleTotals(LINES, {
    discount: { amount: 200 },
    transport: { total: 1000, paidByCustomer: true },
    vat: { percentage: 5, type: 'exclusive', withold: false },
  });
  assert.is(t.transport, 1000);
  assert.is(t.vat, 225.01);
  assert.is(t.total_due, 4725.21);
  assert.is(saleTotals(LINES, { transport: { total: 1000 } }).total_due, 3700.2);
  assert.is(transportBalance({ total: 1000, paid: 350.5 }), 649.5);
});

test("summary reads 'Sale of a, b & c'", () => {
  assert.is(saleSummary(['Rice', 'Beans', 'Garri']), 'Sale of Rice, Beans & Garri');
  assert.is(saleSummary(['Rice', 'Beans']), 'Sale of Rice & Beans');
  assert.is(saleSummary(['Rice']), 'Sale of Rice');
});

test('net line totals share the sale discount by line total and add up to subtotal − discount exactly', () => {
  const lines = [{ price: 0.01, quantity: 1 }, { price: 0.01, quantity: 1 }, { price: 0.01, quantity: 1 }];
  // One kobo off three one-kobo lines: it comes off one line only.
  assert.equal(netLineTotals(lines, 0.01), [0, 0.01, 0.01]);
  const mixed = [{ price: 4500, quantity: 3 }, { price: 1800, quantity: 2, discount: 100 }];
  const net = netLineTotals(mixed, 855);
  assert.is(Math.round(net.reduce((a, b) => a + b, 0) * 100), (13500 + 3500 - 855) * 100);
  assert.equal(netLineTotals(mixed, 0), [13500, 3500]);
});

test.run();
