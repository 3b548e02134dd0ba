/**
 * Stock balances of a long list of items at once (the store page's pass over every item). `stock()` costs a
 * map lookup per item, which at 50,000 items and a heap of hundreds of MB was most of the pass: here each
 * list's accounts are looked up once and kept, and a later call reads one field per item. The kept accounts
 * hold while the state is the same object and has opened no stock account since: accounts are only ever
 * opened, never dropped, so an item that had none still has none.
 */
import { Book, QTY_SCALE } from './postings';
import type { Account, LedgerState } from './state';

type Resolved = { state: LedgerState; opened: number; accounts: (Account | undefined)[] };

/** Per item list (the caller keeps one array per version of its items): its accounts, in order. */
const resolved = new WeakMap<readonly { _id: string }[], Resolved>();

/** Each item's balance (all warehouses, or one), in the order of `items`, as `stock()` answers it. */
export function stockColumn(state: LedgerState, items: readonly { _id: string }[], warehouse?: string): Float64Array {
  const book = state.books[Book.Stock];
  let r = resolved.get(items);
  if (!r || r.state !== state || r.opened !== book.size) {
    r = { state, opened: book.size, accounts: items.map((item) => book.get(item._id)) };
    resolved.set(items, r);
  }
  const out = new Float64Array(items.length);
  const accounts = r.accounts;
  for (let i = 0; i < accounts.length; i++) {
    const a = accounts[i];
    if (!a) continue;
    out[i] = (warehouse === undefined ? a.total : (a.warehouses?.get(warehouse) ?? 0)) / QTY_SCALE;
  }
  return out;
}
