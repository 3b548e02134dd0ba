/**
 * The one way the backend tests put items straight into a backend's main database, with the fixed ids the
 * fixtures name (tests/support/fixtures.ts): an item document as given (ItemDoc), or a sample item (SampleItem)
 * as its item document plus its starting stock in its warehouse. One write, every document checked (seedDocs).
 * A test of item-create itself goes through the command (store-fixtures addItem, the seed helper).
 */
import type { ItemDoc, MainDoc } from '../../commands/docs';
import type { NodeBackend } from '../../worker/backend';
import type { SampleItem } from '../support/fixtures';
import { seedDocs } from '../support/seed';

/** The documents of `items`, and `more` (a customer, say) in the same write. */
export async function seedItems(b: NodeBackend, items: (ItemDoc | SampleItem)[], more: MainDoc[] = []): Promise<void> {
  await seedDocs(b.ctx.db.main, [...more, ...items.flatMap(itemDocs)]);
}

function itemDocs(it: ItemDoc | SampleItem): MainDoc[] {
  if ('_id' in it) return [it];
  return [
    { _id: it.id, stores: 'item', name: it.name, price: it.price, purchasePrice: it.purchasePrice },
    { _id: `${it.id}-i`, stores: 'stock', item: { name: it.name, id: it.id }, quantity: it.stock, price: it.purchasePrice, to: it.warehouse ?? 'store', extra_notes: 'Starting stock', date: 0 },
  ];
}
