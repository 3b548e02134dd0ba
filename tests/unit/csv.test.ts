import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv, toCsv } from '../../commands/lib/csv';

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

test.run();
