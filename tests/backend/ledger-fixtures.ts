/** Small builders of movement and money documents for the ledger's tests (written straight to the main db). */
import type { LedgerState } from '../../worker/ledger/state';
import { makeBackend, T0 } from './helpers';
import { untyped } from '../../worker/db';
import { seedDocs } from '../support/seed';

export type Doc = Record<string, unknown> & { _id: string };

/** A backend whose main database already holds `docs`, with the ledger caught up. */
export async function backendWith(docs: Doc[], options: Parameters<typeof makeBackend>[0] = {}) {
  const b = await makeBackend(options);
  if (docs.length) await seedDocs(untyped(b.ctx.db.main), docs); // every write checked
  await b.settled();
  return b;
}

export const item = (_id: string, name = _id): Doc => ({ _id, stores: 'item', name, price: 10, purchasePrice: 5, date: T0 });

export const line = (stores: string, _id: string, id: string, quantity: number, extra: Record<string, unknown> = {}): Doc => ({
  _id,
  stores,
  id,
  name: id,
  quantity,
  price: 10,
  date: T0,
  transaction: { ref: 'tx' },
  ...extra,
});

/** Local time on March `day` 2026. */
export const march = (day: number, h = 10, m = 0, s = 0, ms = 0) => new Date(2026, 2, day, h, m, s, ms).getTime();

// T0 is March 5, 2026. Batches: April 1 (3), May 1 (4), June 1 (5, starting stock), and 10 without a date.
export const EXPIRY_DOCS: Doc[] = [
  item('E', 'Milk'),
  item('F', 'Yoghurt'),
  item('G', 'Salt'),
  { _id: 'E-i', stores: 'stock', item: { id: 'E', name: 'Milk' }, quantity: 5, price: 10, expiry_date: march(31 + 30 + 32), extra_notes: 'Starting stock', date: march(1) },
  line('purchase_item', 'p1', 'E', 3, { expiry_date: new Date(2026, 3, 1).getTime(), date: march(2) }),
  line('purchase_item', 'p2', 'E', 4, { expiry_date: new Date(2026, 4, 1).getTime(), date: march(2) }),
  line('purchase_item', 'p3', 'E', 10, { date: march(2) }),
  line('sale_item', 's1', 'E', 4, { factor: -1, date: march(3) }),
  { _id: 'd1', stores: 'damaged-goods', item: { id: 'E', name: 'Milk' }, quantity: -1, date: march(4) },
  // F: one batch in August, fully sold: nothing remains, no closest expiry
  line('purchase_item', 'p4', 'F', 2, { expiry_date: new Date(2026, 7, 1).getTime() }),
  line('sale_item', 's2', 'F', 2, { factor: -1 }),
  // G: a batch in August (beyond 3 months)
  line('purchase_item', 'p5', 'G', 6, { expiry_date: new Date(2026, 7, 1).getTime() }),
];

/** Every account's live entries in statement order, in plain values (to compare with a recompute's). */
export function entriesOf(state: LedgerState) {
  const out: Record<string, (string | number | null)[][]> = {};
  state.books.forEach((accounts, book) => {
    for (const a of accounts.values()) {
      const rows = a.ordered().map((e) => [e.doc, e.delta, e.date, e.warehouse, Number.isNaN(e.expiry) ? null : e.expiry]);
      if (rows.length) out[`${book}:${a.key}`] = rows;
    }
  });
  return out;
}
