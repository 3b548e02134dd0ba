/**
 * The checkpoint's balances alone: every account's total (stock also per warehouse), a few hundred kB for a
 * large shop. A cold start restores these first, so balances answer before the per-entry columns (statements
 * and expiry only) have been read.
 */
import { Book } from './postings';
import { LedgerState } from './state';

/** Per book: account keys and totals; stock also a flat [warehouse index, amount, ...] list per account. */
export type StoredBalances = { keys: string[][]; totals: number[][]; warehouses: number[][] };

const BOOKS = [Book.Stock, Book.Client, Book.Bank] as const;

export function encodeBalances(state: LedgerState, warehouseIndex: (name: string) => number): StoredBalances {
  const out: StoredBalances = { keys: [], totals: [], warehouses: [] };
  for (const book of BOOKS) {
    const keys: string[] = [];
    const totals: number[] = [];
    for (const a of state.books[book].values()) {
      keys.push(a.key);
      totals.push(a.total);
      if (book !== Book.Stock) continue;
      const flat: number[] = [];
      for (const [name, v] of a.warehouses ?? []) if (v !== 0) flat.push(warehouseIndex(name), v);
      out.warehouses.push(flat);
    }
    out.keys.push(keys);
    out.totals.push(totals);
  }
  return out;
}

/** A state holding the balances and no entries yet. */
export function restoreBalances(stored: StoredBalances, warehouses: string[]): LedgerState {
  const state = new LedgerState();
  for (const book of BOOKS) {
    const keys = stored.keys[book];
    const totals = stored.totals[book];
    for (let i = 0; i < keys.length; i++) {
      if (book !== Book.Stock) {
        state.move(book, keys[i], totals[i], '');
        continue;
      }
      // Stock: the total is the sum of its warehouses; an account with none left keeps a zero total.
      const flat = stored.warehouses[i];
      if (!flat.length) state.move(book, keys[i], 0, '');
      for (let j = 0; j < flat.length; j += 2) state.move(book, keys[i], flat[j + 1], warehouses[flat[j]]);
    }
  }
  return state;
}
