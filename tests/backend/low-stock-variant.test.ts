/**
 * Low stock names the variant (issue 27, item 8): two variants of one item at or below their level read
 * 'Ankara wrapper (Red): 6 of 8' and '(Blue)' on the day at a glance, and the reorder list's Item column (its
 * dialog and the CSV for the supplier share the column) says the same, so a cashier knows which one to order.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeBackend, ok } from './helpers';
import { addItem } from './store-fixtures';
import { cellText } from '../../src/table/columns';
import { REORDER_COLUMNS } from '../../src/store/reorderColumns';

test('the day at a glance and the reorder list name the variation of a low-stock line', async () => {
  const b = await makeBackend();
  ok(await b.dispatch('config-set', { useVariation: true, variationFields: ['Colour'] }));
  await addItem(b, { name: 'Ankara wrapper', quantity: 6, reorderLevel: 8, variation: { colour: 'Red' } });
  await addItem(b, { name: 'Ankara wrapper', quantity: 2, reorderLevel: 8, variation: { colour: 'Blue' } });
  const g = ok(await b.dispatch('day-glance', {}));
  assert.equal(
    g.lowStock.items.map((i) => `${i.name}: ${i.balance} of ${i.level}`),
    ['Ankara wrapper (Blue): 2 of 8', 'Ankara wrapper (Red): 6 of 8'],
  );
  const list = ok(await b.dispatch('reorder-list', {}));
  const item = REORDER_COLUMNS.find((c) => c.key === 'name')!;
  assert.equal(list.map((r, i) => cellText(item, r, i, '₦')).sort(), ['Ankara wrapper (Blue)', 'Ankara wrapper (Red)']);
  await b.close();
});

test.run();
