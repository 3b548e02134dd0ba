import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DEFAULTS } from '../../commands/config';
import { neutraliseCell, parseCsv, toCsv, unneutraliseCell } from '../../commands/lib/csv';
import type { StoreRow } from '../../commands/items';
import { tableCsv } from '../../src/table/csv';
import { statementCsv } from '../../src/clients/statement-export';
import { storeColumns } from '../../src/store/storeColumns';

test('quoted fields keep commas, quotes and line breaks; CRLF and a BOM are handled', () => {
  assert.equal(parseCsv('\ufeffa,b\r\n"x, y","say ""hi""\nthere"\r\n'), [['a', 'b'], ['x, y', 'say "hi"\nthere']]);
  assert.equal(parseCsv('a,b\n1,'), [['a', 'b'], ['1', '']]);
});

test('toCsv quotes only what needs it and round-trips', () => {
  const rows = [['Name', 'Price'], ['Rice, 50kg', 45000], ['Say "hi"', '']];
  const text = toCsv(rows);
  assert.is(text, 'Name,Price\r\n"Rice, 50kg",45000\r\n"Say ""hi""",\r\n');
  assert.equal(parseCsv(text), rows.map((r) => r.map(String)));
});

test('a text cell that a spreadsheet would run as a formula gets a leading apostrophe', () => {
  for (const bad of ['=1+1', '=HYPERLINK("http://x","y")', '+2348012345678', '-2+3', '@SUM(A1)', '\tcmd', '\r=1', '\n=1']) {
    assert.ok(neutraliseCell(bad).startsWith("'"), JSON.stringify(bad));
  }
  for (const fine of ['Rice', '1=1', 'a-b', 'mail@shop', '', ' =spaced? no: only the first character counts']) {
    assert.is(neutraliseCell(fine), fine);
  }
  assert.is(toCsv([['=cmd|\' /C calc\'!A0', '@x']]), "'=cmd|' /C calc'!A0,'@x\r\n");
  // A cell that also needs quoting is neutralised inside the quotes, so the first character the sheet reads is '.
  assert.is(toCsv([['=A1,B1']]), `"'=A1,B1"\r\n`);
  assert.is(toCsv([['-"q"']]), `"'-""q"""\r\n`);
});

test('numbers stay numbers: negative amounts are not neutralised, so a column still adds up', () => {
  assert.is(toCsv([[-500, -0.25, 12, Number.NaN, Number.POSITIVE_INFINITY]]), '-500,-0.25,12,,\r\n');
  // The same text as a string is a text cell and is neutralised: callers pass numeric cells as numbers.
  assert.is(toCsv([['-500']]), "'-500\r\n");
});

test('unneutraliseCell gives back exactly what was exported, and leaves other apostrophes alone', () => {
  for (const s of ['=1+1', '-x', '@a', '+1', "'quoted'", "'", 'plain']) {
    assert.is(unneutraliseCell(neutraliseCell(s)), s);
  }
  assert.is(unneutraliseCell("'Rice"), "'Rice");
});

test('the store export: names neutralised, money and quantities (negative too) as numbers', () => {
  const cfg = { ...CONFIG_DEFAULTS, useDescription: true };
  const rows = [
    { _id: 'i1', name: '=HYPERLINK("http://evil","Rice")', description: '@cmd', price: 1500.5, balance: -3, stockValue: -4501.5 },
    { _id: 'i2', name: 'Beans', description: '-', price: 200, balance: 10, stockValue: 2000 },
  ] as unknown as StoreRow[];
  const parsed = parseCsv(tableCsv(storeColumns(cfg, 'store'), rows, 'NGN'));
  const header = parsed[0];
  assert.not.ok(header.includes('Action'));
  const col = (title: string) => header.indexOf(title);
  assert.is(parsed[1][col('Item')], `'=HYPERLINK("http://evil","Rice")`);
  assert.is(parsed[1][col('Description')], "'@cmd");
  assert.is(parsed[1][col('Current price')], '1500.5');
  assert.is(parsed[1][col('Available quantity')], '-3');
  assert.is(parsed[1][col('Stock value')], '-4501.5');
  assert.is(parsed[2][col('Description')], "'-");
  for (const row of parsed.slice(1)) for (const c of [row[col('Item')], row[col('Description')]]) assert.not.match(c, /^[=+\-@\t\r]/);
});

test('the client statement export: names and details neutralised, amounts and balances numbers', () => {
  const rows = [
    { id: 's1', stores: 'sale', date: 0, description: '@SUM(A1)', details: '=1+1', invoice: '-A001', debit: 500, credit: 0, balance: -500 },
  ] as Parameters<typeof statementCsv>[1];
  const parsed = parseCsv(statementCsv({ client: '+Chioma', opening: -100, closing: -600 }, rows));
  assert.equal(parsed[0], ['Statement of', "'+Chioma"]);
  assert.equal(parsed[2], ['Opening balance', '-100']);
  const line = parsed.find((r) => r[0] === '1')!;
  assert.equal(line.slice(2), ["'@SUM(A1)", "'=1+1", "'-A001", '500', '0', '-500']);
  assert.equal(parsed[parsed.length - 1], ['Closing balance', '-600']);
});

test.run();
