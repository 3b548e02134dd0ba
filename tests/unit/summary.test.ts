import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { joinNames, summaryOf } from '../../commands/lib/summary';

test("names joined by commas with a final ampersand: 'Issue of a, b & c'", () => {
  assert.is(summaryOf('Issue', ['a', 'b', 'c']), 'Issue of a, b & c');
  assert.is(summaryOf('Issue', ['a', 'b']), 'Issue of a & b');
  assert.is(summaryOf('Issue', ['a']), 'Issue of a');
  assert.is(joinNames([' a ', '', 'b']), 'a & b');
});

test.run();
