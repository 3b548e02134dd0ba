/**
 * What one document contributes to the ledger: a list of postings (book, account, signed delta).
 * Pure and total: any document, including a tombstone or a kind the ledger ignores, gives a (possibly empty)
 * list. The engine remembers each document's postings so an edit or a deletion subtracts exactly them.
 *
 * Deltas are integers so sums never drift and the incremental path equals a full recompute bit for bit:
 * quantities in thousandths (QTY_SCALE), money in minor units (kobo).
 */
import { CASH_ACCOUNT } from '../../commands/ledger';
import { MAIN_STORE } from '../../commands/docs';
import { mulMoney, toMinor } from '../../commands/lib/money';
import { saleBalanceMinor } from '../../commands/lib/sale-math';

export const QTY_SCALE = 1000;
export const MONEY_SCALE = 100;

export const enum Book {
  Stock = 0,
  Client = 1,
  Bank = 2,
}

/** Kinds by code (entries store the code, a small integer, not the string). */
export const KINDS = [
  'sale_item',
  'purchase_item',
  'issue_item',
  'stock',
  'good-returns',
  'damaged-goods',
  'warehouse-transfer',
  'sale',
  'purchase',
  'payment',
  'cash-adjustment',
  'stock-transfer',
  'expense',
  // Appended: entries store a kind by its index, so a new kind goes last.
  'stocktake-post',
  'issue',
] as const;
export type Kind = (typeof KINDS)[number];
const KIND_CODE = new Map<string, number>(KINDS.map((k, i) => [k, i]));
export const kindCode = (k: Kind): number => KIND_CODE.get(k)!;

export type Posting = {
  book: Book;
  account: string;
  /** Thousandths of a unit (stock) or minor units (money). */
  delta: number;
  /** Stock only: the warehouse location ('store' = Main store). */
  warehouse?: string;
  /** Stock only: a batch's expiry date (purchase lines and starting stock). */
  expiry?: number;
};

type AnyDoc = Record<string, unknown> & { _id?: string; stores?: unknown };

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
const qty = (v: unknown): number => Math.round(num(v) * QTY_SCALE);
/**
 * Base units in one of the unit a line or movement was entered in (issue 28, commands/lib/units.ts): a carton
 * line of 2 with unit_factor 24 moves 48 pieces. Anything but a whole number above 1 is the base unit.
 */
const packFactor = (doc: AnyDoc): number => {
  const f = doc.unit_factor;
  return typeof f === 'number' && Number.isInteger(f) && f > 1 ? f : 1;
};
/** A document's quantity in base units, in thousandths. */
const baseQty = (doc: AnyDoc): number => qty(doc.quantity) * packFactor(doc);
const money = (v: unknown): number => toMinor(num(v));

/** Deleted documents stop counting; delete_pending ones still count until the deletion is accepted. */
export function isDeleted(doc: AnyDoc): boolean {
  return doc._deleted === true || doc.deleted === true;
}

export function kindOf(doc: AnyDoc): Kind | undefined {
  return typeof doc.stores === 'string' && KIND_CODE.has(doc.stores) ? (doc.stores as Kind) : undefined;
}

/** Where a line's quantity lands: its `to` location, the Main store by default. */
function lineWarehouse(doc: AnyDoc): string {
  return str(doc.to) ?? MAIN_STORE;
}

/** sale_item -1, issue_item -1 unless stored (+1 for receive/Production), others add. */
function lineFactor(kind: Kind, doc: AnyDoc): number {
  if (typeof doc.factor === 'number' && Number.isFinite(doc.factor)) return doc.factor;
  return kind === 'sale_item' || kind === 'issue_item' ? -1 : 1;
}

function stockPostings(kind: Kind, doc: AnyDoc, out: Posting[]): void {
  const expiry = typeof doc.expiry_date === 'number' && Number.isFinite(doc.expiry_date) ? doc.expiry_date : undefined;
  switch (kind) {
    case 'sale_item':
    case 'purchase_item':
    case 'issue_item': {
      const item = str(doc.id);
      if (!item) return;
      const delta = Math.round(baseQty(doc) * lineFactor(kind, doc));
      out.push({ book: Book.Stock, account: item, delta, warehouse: lineWarehouse(doc), expiry: kind === 'purchase_item' ? expiry : undefined });
      return;
    }
    case 'stock':
    case 'good-returns':
    case 'damaged-goods': {
      // Signed quantities: starting stock adds, returns and damaged goods carry their own sign.
      const item = str(obj(doc.item)?.id);
      if (!item) return;
      out.push({ book: Book.Stock, account: item, delta: baseQty(doc), warehouse: lineWarehouse(doc), expiry: kind === 'stock' ? expiry : undefined });
      return;
    }
    case 'warehouse-transfer': {
      const item = str(obj(doc.item)?.id);
      if (!item) return;
      const q = Math.abs(baseQty(doc));
      const from = str(obj(doc.from)?.location) ?? MAIN_STORE;
      const to = str(obj(doc.to)?.location) ?? MAIN_STORE;
      out.push({ book: Book.Stock, account: item, delta: -q, warehouse: from });
      out.push({ book: Book.Stock, account: item, delta: q, warehouse: to });
      return;
    }
    case 'stocktake-post': {
      // One posting per counted line: its difference (counted − expected) in the stocktake's warehouse.
      const warehouse = str(doc.warehouse) ?? MAIN_STORE;
      const lines = Array.isArray(doc.lines) ? doc.lines : [];
      for (const l of lines) {
        const line = obj(l);
        const item = str(line?.id);
        const delta = qty(line?.difference);
        if (item && delta !== 0) out.push({ book: Book.Stock, account: item, delta, warehouse });
      }
      return;
    }
    default:
      return;
  }
}

function client(out: Posting[], ref: string | undefined, delta: number): void {
  if (ref && delta !== 0) out.push({ book: Book.Client, account: ref, delta });
}

function bank(out: Posting[], ref: string | undefined, delta: number): void {
  if (ref && delta !== 0) out.push({ book: Book.Bank, account: ref, delta });
}

/** A money account reference: a {ref} object, the text 'cash', or nothing (cash). 'Start balance' is no account. */
function accountRef(v: unknown): string | undefined {
  const o = obj(v);
  if (o) return str(o.ref) ?? CASH_ACCOUNT;
  if (v === undefined || v === null || v === '' || v === CASH_ACCOUNT) return CASH_ACCOUNT;
  return undefined;
}

/**
 * Client balances (document 001 section 9): positive = the customer owes the business; negative = the business
 * owes (a supplier's balance is negative while we owe them).
 * Bank and cash balances: positive = money held. Money in: sale payments, received payments (factor -1).
 * Money out: purchase payments, expenses, sent payments (factor +1). So a payment moves the account by
 * -amount × factor, the mirror of its client term.
 */
function moneyPostings(kind: Kind, doc: AnyDoc, out: Posting[]): void {
  switch (kind) {
    case 'payment': {
      const c = obj(doc.client);
      const factor = num(doc.factor) || -1;
      const amount = toMinor(mulMoney(num(doc.amount), factor));
      client(out, str(c?.account_ref) ?? str(doc.by), amount);
      if (doc.medium !== 'Start balance') bank(out, accountRef(doc.medium), -amount);
      return;
    }
    case 'cash-adjustment': {
      const factor = num(doc.factor) || 1;
      client(out, str(obj(doc.client)?.account_ref), toMinor(mulMoney(num(doc.amount), factor)));
      return;
    }
    case 'sale': {
      // Total − Amount paid (commands/lib/sale-math.ts): VAT in the total is owed, withheld VAT is not in it.
      client(out, str(obj(doc.customer)?.account_ref), saleBalanceMinor({ total_due: num(doc.total_due), amount_paid: num(doc.amount_paid) }));
      paidSplit(doc, out, 1);
      return;
    }
    case 'purchase': {
      client(out, str(obj(doc.supplier)?.account_ref), money(doc.amount_paid) - money(doc.total_due));
      paidSplit(doc, out, -1);
      return;
    }
    case 'stock-transfer': {
      const q = num(doc.quantity);
      client(out, str(obj(doc.sender)?.account_ref), -toMinor(mulMoney(num(doc.send_price), q)));
      client(out, str(obj(doc.recipient)?.account_ref), toMinor(mulMoney(num(doc.receive_price), q)));
      return;
    }
    case 'good-returns': {
      // Returns carry a signed amount (negative for a customer's return, positive for a return to a supplier),
      // which is exactly their effect on the client's balance.
      client(out, str(obj(doc.client)?.account_ref), money(doc.amount));
      return;
    }
    case 'expense': {
      bank(out, accountRef(doc.source), -money(doc.amount));
      return;
    }
    case 'issue': {
      // Issue out: the collector pays for what was issued, cash comes in; Production (receive): we pay for what
      // came in, cash goes out (issue 39: an issue-out's amount paid never reached the cashbook).
      bank(out, CASH_ACCOUNT, (doc.direction === 'receive' ? -1 : 1) * money(doc.amount_paid));
      return;
    }
    default:
      return;
  }
}

/** The amount paid on a sale (sign +1) or purchase (sign -1): bank.amount through the bank, the rest in cash. */
function paidSplit(doc: AnyDoc, out: Posting[], sign: 1 | -1): void {
  const b = obj(doc.bank);
  const viaBank = b ? money(b.amount) : 0;
  const bankRef = str(obj(b?.name)?.ref);
  if (bankRef) bank(out, bankRef, sign * viaBank);
  bank(out, CASH_ACCOUNT, sign * (money(doc.amount_paid) - (bankRef ? viaBank : 0)));
}

export function postingsOf(doc: AnyDoc | undefined): Posting[] {
  if (!doc || isDeleted(doc)) return [];
  const kind = kindOf(doc);
  if (!kind) return [];
  const out: Posting[] = [];
  stockPostings(kind, doc, out);
  moneyPostings(kind, doc, out);
  return out;
}
