/**
 * The plain shapes of a few kinds, as the worker writes them: a client has a name and its phone number in
 * international form (commands/lib/phone.ts), an item's reorder levels are numbers of 0 or more, a bank has a
 * name, and a purchase line's expiry is not before the purchase (a day's grace: the server does not know the
 * device's time zone).
 */
import { normalisePhone } from '../lib/phone';
import { REORDER_LEVEL_MESSAGE } from '../lib/reorder';
import { isObject, kindOf, type Rule } from './types';

const DAY_MS = 86_400_000;
const levelOk = (v: unknown) => typeof v === 'number' && v >= 0 && Number.isFinite(v);

export const shapeRule: Rule = (w) => {
  const { doc } = w;
  if (doc._deleted === true) return undefined;
  const kind = kindOf(w);
  if (kind === 'customer' || kind === 'supplier') {
    if (typeof doc.name !== 'string' || doc.name.trim() === '') return 'A client needs a name.';
    if (doc.phone_number !== undefined && (typeof doc.phone_number !== 'string' || normalisePhone(doc.phone_number) !== doc.phone_number)) {
      return 'A phone number of a client is stored in international form, such as +2348039991234.';
    }
  }
  if (kind === 'item') {
    if (doc.reorderLevel !== undefined && !levelOk(doc.reorderLevel)) return REORDER_LEVEL_MESSAGE;
    if (doc.reorderLevels !== undefined) {
      if (!isObject(doc.reorderLevels)) return 'The reorder levels are a map of warehouse to level.';
      if (Object.values(doc.reorderLevels).some((v) => !levelOk(v))) return REORDER_LEVEL_MESSAGE;
    }
  }
  if (kind === 'bank' && (typeof doc.name !== 'string' || doc.name.trim() === '')) return 'A bank needs a name.';
  if (kind === 'purchase' && typeof doc.date === 'number' && Array.isArray(doc.items)) {
    for (const line of doc.items as unknown[]) {
      const expiry = isObject(line) ? line.expiry_date : undefined;
      if (typeof expiry === 'number' && expiry < doc.date - DAY_MS) return 'An expiry date cannot be before the purchase date.';
    }
  }
  return undefined;
};
