/**
 * Stocktake (commands/stocktake-docs.ts): a start, its counts and its posting are each written once, in the
 * writer's own name, under ids that tie them to their stocktake; only the owner removes a posting (which
 * undoes what it moved), and nobody changes one, so devices counting offline never overwrite each other.
 */
import { MAX_AMOUNT, MAX_QUANTITY } from '../lib/bounds';
import { isObject, kindOf, stampName, type Rule } from './types';

const qtyOk = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= MAX_QUANTITY;

export const stocktakeRule: Rule = (w) => {
  const kind = kindOf(w);
  if (kind !== 'stocktake' && kind !== 'stocktake-count' && kind !== 'stocktake-post') return undefined;
  const { doc, stored, writer } = w;
  if (doc._deleted === true) return kind === 'stocktake-post' && writer.level === 0 ? undefined : 'A stocktake record cannot be deleted.';
  if (stored) return 'A stocktake record cannot be changed once written.';
  if (stampName(doc.user) !== writer.username) return 'A stocktake record carries the user stamp of who writes it.';
  if (typeof doc.date !== 'number' || !Number.isFinite(doc.date)) return 'A stocktake record needs its date.';
  if (kind === 'stocktake') {
    if (!doc._id.startsWith('stk-')) return 'A stocktake is stored as stk-...';
    if (typeof doc.warehouse !== 'string' || doc.warehouse === '') return 'A stocktake names its warehouse.';
    if (!isObject(doc.snapshot)) return 'A stocktake carries its snapshot.';
    for (const line of Object.values(doc.snapshot)) {
      if (!(Array.isArray(line) && qtyOk(line[0]) && typeof line[1] === 'number' && line[1] >= 0 && line[1] <= MAX_AMOUNT)) return 'Each snapshot line is a quantity and a cost.';
    }
  }
  if (kind === 'stocktake-count') {
    if (typeof doc.stocktake !== 'string' || !doc._id.startsWith(`stkc-${doc.stocktake}-`)) return 'A count is stored as stkc-{stocktake}-...';
    if (!isObject(doc.item) || typeof doc.item.id !== 'string' || doc.item.id === '') return 'A count names its item.';
    if (!qtyOk(doc.quantity) || doc.quantity === 0 || !qtyOk(doc.expected_then)) return `A count is a quantity other than 0, with the expected quantity then, each below ${MAX_QUANTITY + 1}.`;
  }
  if (kind === 'stocktake-post') {
    if (typeof doc.stocktake !== 'string' || doc._id !== `stkp-${doc.stocktake}`) return 'A stocktake posting is stored as stkp-{stocktake}.';
    if (typeof doc.warehouse !== 'string' || doc.warehouse === '') return 'A stocktake posting names its warehouse.';
    if (!Array.isArray(doc.lines) || doc.lines.length === 0) return 'A stocktake posting carries its lines.';
    for (const l of doc.lines as unknown[]) {
      if (!isObject(l) || typeof l.id !== 'string' || !qtyOk(l.start) || !qtyOk(l.expected) || !qtyOk(l.counted) || !qtyOk(l.difference)) return 'Each stocktake line is an item with its quantities.';
      // What the posting moves is what the count says: counted − expected (in thousandths, as the ledger counts).
      if (Math.round((l.counted as number) * 1000) - Math.round((l.expected as number) * 1000) !== Math.round((l.difference as number) * 1000)) return 'A stocktake line moves counted − expected.';
    }
  }
  return undefined;
};
