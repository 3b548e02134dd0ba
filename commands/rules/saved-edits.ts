/**
 * Who may change a saved sale or purchase (the spec is silent; what an owner expects): the owner and managers
 * (levels 0-1) edit any; a sales agent or store keeper (levels 3-4) changes the prices, amounts paid,
 * discounts, VAT or lines of a saved transaction only when they made it, only while editable invoices is on,
 * and only within the delete timeout when one is set. Lines count as the transaction's: writing, changing or
 * removing a line of a saved sale is an edit of that sale. Marking for deletion and the delete review are
 * ./deletion.ts's, not edits. The screens ask `mayEditSaved` too, so they offer no Edit the server refuses.
 */
import { timedOut } from '../lib/deletion';
import { isObject, kindOf, stampName, type Doc, type Rule, type Write, type WriteSettings, type Writer } from './types';
import { parentOf } from './deletion';

export const EDIT_MESSAGES = {
  others: 'Only the owner or a manager can change a sale or purchase someone else made.',
  notEditable: 'Invoices cannot be edited (editable invoices is off)',
  timeout: (hours: number) => `This transaction is older than ${hours} hours and can no longer be edited`,
} as const;

/** What an edit of a saved transaction changes, and what only the owner and managers may change on another's. */
export const GUARDED_FIELDS = ['items', 'amount_paid', 'discount', 'vat', 'total_due', 'customer', 'supplier', 'date', 'bank', 'transport', 'cash_received', 'change'] as const;
const LINE_FIELDS = ['id', 'quantity', 'price', 'discount', 'unit', 'unit_factor', 'factor', 'cost_price', 'to', 'transaction'] as const;

const HEADS = ['sale', 'purchase'];
const LINES: Record<string, string> = { sale_item: 'sale', purchase_item: 'purchase' };

/**
 * Why this writer may not edit this saved transaction (its creator stamp and date), or undefined when they
 * may. Pure: the worker, the gate and the screens' Edit button all ask it.
 */
export function savedEditProblem(writer: Writer, settings: WriteSettings, savedDoc: object, now: number): string | undefined {
  const saved = savedDoc as { user?: unknown; date?: unknown };
  if (writer.level <= 1) return undefined;
  if (stampName(saved.user) !== writer.username) return EDIT_MESSAGES.others;
  if (!settings.editableInvoice) return EDIT_MESSAGES.notEditable;
  const date = typeof saved.date === 'number' ? saved.date : undefined;
  if (timedOut(settings.deleteTimeout, date, now)) return EDIT_MESSAGES.timeout(settings.deleteTimeout);
  return undefined;
}

export const mayEditSaved = (writer: Writer, settings: WriteSettings, saved: object, now: number): boolean =>
  savedEditProblem(writer, settings, saved, now) === undefined;

const differs = (a: Doc, b: Doc, fields: readonly string[]) => fields.some((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));

export const savedEditRule: Rule = (w: Write) => {
  const kind = kindOf(w);
  if (!kind || w.writer.level <= 1) return undefined;
  if (HEADS.includes(kind)) {
    // A deletion, or the marks of one, is judged by the delete policy.
    if (!w.stored || w.doc._deleted === true || w.doc.deleted === true || !differs(w.doc, w.stored, GUARDED_FIELDS)) return undefined;
    return savedEditProblem(w.writer, w.settings, w.stored, w.now);
  }
  if (!LINES[kind]) return undefined;
  const parent = parentOf(w);
  // A line of a transaction deleted with it, or of a new transaction (not stored before this batch): no edit.
  if (!parent || !parent.staysLive || !parent.doc || parent.doc.stores !== LINES[kind]) return undefined;
  if (w.stored && w.doc._deleted !== true && w.doc.deleted !== true && !differs(w.doc, w.stored, LINE_FIELDS)) return undefined;
  // A till's push may bring a new transaction's header in one batch and its lines in the next: a new line that
  // is one of the stored header's own items (same item, quantity, price and unit) is part of the sale as saved,
  // not an edit of it.
  if (!w.stored && w.doc._deleted !== true && w.doc.deleted !== true && listedIn(w.doc, parent.doc)) return undefined;
  return savedEditProblem(w.writer, w.settings, parent.doc, w.now);
};

const ITEM_FIELDS = ['id', 'quantity', 'price', 'unit'] as const;
const listedIn = (line: Doc, head: Doc): boolean =>
  Array.isArray(head.items) && head.items.some((item) => isObject(item) && ITEM_FIELDS.every((f) => JSON.stringify(item[f]) === JSON.stringify(line[f])));

export const isLine = (doc: { stores?: unknown }) => typeof doc.stores === 'string' && !!LINES[doc.stores];
export const lineParentId = (doc: Doc): string | undefined => (isObject(doc.transaction) && typeof doc.transaction.ref === 'string' ? doc.transaction.ref : undefined);
