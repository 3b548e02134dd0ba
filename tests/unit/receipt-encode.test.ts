/**
 * The thermal receipt's bytes for a known sale, read back by the tests' ESC/POS reader (tests/support/
 * escpos-reader.ts), are exactly the expected receipt: header, lines, totals, change, the invoice number as a
 * QR code (or barcode), a cut, and the drawer kick only for a sale paid in cash.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SaleDoc } from '../../commands/docs';
import { encodeReceipt, type EncodeOptions } from '../../src/printer/receipt-encode';
import { pair, wrap } from '../../src/printer/receipt-lines';
import { readEscPos } from '../support/escpos-reader';

// Dates print in the device's time zone: this test's device is in UTC.
process.env.TZ = 'UTC';

const SALE = {
  _id: 'sale-1',
  stores: 'sale',
  invoice_number: '0007',
  date: Date.UTC(2026, 10, 26, 10, 30),
  customer: { with_account: false, name: 'Walk-in customer' },
  items: [
    { id: 'i1', name: 'Beans', price: 500, quantity: 1 },
    { id: 'i2', name: 'Rice', price: 1000, quantity: 3 },
    { id: 'i3', name: 'Golden Penny Semovita Premium 10kg family bag', price: 1250.5, quantity: 2 },
  ],
  amount_paid: 6001,
  cash_received: 7000,
  change: 999,
  total_due: 6001,
  total_quantity: 6,
  summary: '',
  user: { username: 'ada', fullname: 'Ada Obi' },
} as unknown as SaleDoc;

const SOURCE = { sale: SALE, business: 'Mama Ngozi Provisions', headerLines: ['12 Market Road, Aba', '0803 999 1234'] };
const OPTS: EncodeOptions = { language: 'esc-pos', paper: 58, currencyText: 'N', code: 'qr', drawer: true };
const RULE_58 = '─'.repeat(32);

test('58 mm, ESC/POS: the bytes read back as the expected receipt, the QR code, a cut and the drawer kick', () => {
  const printed = readEscPos(encodeReceipt(SOURCE, OPTS));
  assert.equal(printed.lines, [
    '     Mama Ngozi Provisions',
    '      12 Market Road, Aba',
    '         0803 999 1234',
    RULE_58,
    'Invoice 0007',
    'November 26, 2026 10:30',
    'Walk-in customer',
    RULE_58,
    'Beans',
    '  1 x N500.00            N500.00',
    'Rice',
    '  3 x N1,000.00        N3,000.00',
    'Golden Penny Semovita Premium',
    '10kg family bag',
    '  2 x N1,250.50        N2,501.00',
    RULE_58,
    'Subtotal               N6,001.00',
    'Total                  N6,001.00',
    'Amount paid            N6,001.00',
    'Cash                   N7,000.00',
    'Change                   N999.00',
    'Balance                    N0.00',
    'Served by Ada Obi',
    '',
    '         Powered by Oja',
    '',
    '',
    '',
    '',
    '',
  ]);
  assert.equal(printed.qrcodes, ['0007']);
  assert.equal(printed.barcodes, []);
  assert.equal(printed.pulses, [[0, 50, 250]]);
  assert.is(printed.cuts, 1);
  for (const l of printed.lines) assert.ok(l.length <= 32, `past the paper: ${l}`);
});

test('80 mm with NGN and a barcode; a credit sale opens no drawer', () => {
  const credit = { ...SALE, amount_paid: 0, cash_received: undefined, change: undefined } as SaleDoc;
  const printed = readEscPos(encodeReceipt({ ...SOURCE, sale: credit }, { ...OPTS, paper: 80, currencyText: 'NGN', code: 'barcode' }));
  const text = printed.lines.join('\n');
  assert.ok(printed.lines.includes('Golden Penny Semovita Premium 10kg family bag'), text);
  assert.ok(printed.lines.includes('  2 x NGN 1,250.50                  NGN 2,501.00'), text);
  assert.ok(printed.lines.includes(`Total${' '.repeat(31)}NGN 6,001.00`), text);
  assert.ok(printed.lines.includes(`Balance${' '.repeat(29)}NGN 6,001.00`), text);
  assert.not.ok(text.includes('Change'), 'no change on a credit sale');
  assert.not.ok(text.includes('₦'));
  for (const l of printed.lines) assert.ok(l.length <= 48, `past the paper: ${l}`);
  assert.equal(printed.barcodes, ['0007']);
  assert.equal(printed.qrcodes, []);
  assert.equal(printed.pulses, [], 'no drawer kick without cash');
});

test('a sale paid by bank opens no drawer; the owner can turn the drawer off', () => {
  const byBank = { ...SALE, cash_received: undefined, change: undefined, bank: { name: { ref: 'b1', name: 'GTB' }, amount: 6001 } } as SaleDoc;
  assert.equal(readEscPos(encodeReceipt({ ...SOURCE, sale: byBank }, OPTS)).pulses, []);
  assert.equal(readEscPos(encodeReceipt(SOURCE, { ...OPTS, drawer: false })).pulses, []);
});

test('₦ in a name or the header prints as the currency text', () => {
  const sale = { ...SALE, items: [{ id: 'x', name: 'Card ₦500', price: 500, quantity: 1 }] } as SaleDoc;
  const printed = readEscPos(encodeReceipt({ ...SOURCE, sale, headerLines: ['Prices in ₦'] }, OPTS));
  assert.ok(printed.lines.includes('Card N500'), printed.lines.join('\n'));
  assert.ok(printed.lines.includes('          Prices in N'), printed.lines.join('\n'));
});

test('StarPRNT: the same text in the printer language the owner chose', () => {
  const bytes = Buffer.from(encodeReceipt(SOURCE, { ...OPTS, language: 'star-prnt' })).toString('latin1');
  for (const t of ['Mama Ngozi Provisions', 'Invoice 0007', 'Change                   N999.00']) assert.ok(bytes.includes(t), t);
  // StarPRNT's drawer kick is ESC BEL; ESC/POS's ESC p is not in it.
  assert.ok(bytes.includes('\x1b\x07'), 'Star drawer kick');
  assert.not.ok(bytes.includes('\x1bp'), 'no ESC/POS command');
});

test("a codepage table the USB driver names but the encoder does not know still prints (the encoder's default)", () => {
  const plain = readEscPos(encodeReceipt(SOURCE, OPTS)).lines;
  for (const codepageMapping of ['zjiang', 'default', 'epson', 'star']) {
    assert.equal(readEscPos(encodeReceipt(SOURCE, { ...OPTS, codepageMapping })).lines, plain, codepageMapping);
  }
});

test('wrap and pair keep every line within the paper', () => {
  assert.equal(wrap('a bb ccc', 4), ['a bb', 'ccc']);
  assert.equal(wrap('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
  assert.equal(pair('Total', 'N5.00', 12), ['Total  N5.00']);
  assert.equal(pair('Amount paid by card', 'N5.00', 12), ['Amount paid', 'by card', '       N5.00']);
});

test.run();
