/**
 * Money has a sign: what a document records as paid, received, spent or moved is 0 or more; which way it
 * moves an account is the `factor`'s job alone (a payment of -5,000 is not a payment the other way). And what
 * a saved payment, adjustment or expense moved stays (deleting it and its review only mark it).
 */
import { UserError } from '../errors';
import { isAmount, isObject, kindOf, type Doc, type Rule } from './types';

export const MONEY_MESSAGES = {
  negative: (label: string) => `${label} cannot be negative.`,
  factor: 'The factor must be 1 or -1.',
  amountAbove0: 'The amount must be a number above 0.',
  paidOverDue: 'A sale cannot record more paid than its total due.',
  saved: (kind: string) => `A saved ${kind} cannot be changed; delete it and record a new one.`,
} as const;

/**
 * The worker's side of the same rule, where a person types an amount: a negative one is refused with a clear
 * message, never saved as typed nor turned the other way.
 */
export function refuseNegative(value: number, label: string): number {
  if (value < 0) throw new UserError('negative-amount', MONEY_MESSAGES.negative(label));
  return value;
}

/** The amounts of each kind that carry no sign, by label. */
const UNSIGNED: Record<string, [string, (d: Doc) => unknown][]> = {
  sale: [
    ['Amount paid', (d) => d.amount_paid],
    ['Cash received', (d) => d.cash_received],
    ['The bank part of the amount paid', (d) => (isObject(d.bank) ? d.bank.amount : undefined)],
    ['Transport paid', (d) => (isObject(d.transport) ? d.transport.paid : undefined)],
  ],
  purchase: [
    ['Amount paid', (d) => d.amount_paid],
    ['The bank part of the amount paid', (d) => (isObject(d.bank) ? d.bank.amount : undefined)],
    ['Transport paid', (d) => (isObject(d.transport) ? d.transport.paid : undefined)],
  ],
  issue: [['Amount paid', (d) => d.amount_paid]],
  'stock-transfer': [
    ['The sending price', (d) => d.send_price],
    ['The receiving price', (d) => d.receive_price],
  ],
};

export const moneyRule: Rule = ({ doc, stored, ...w }) => {
  if (doc._deleted === true) return undefined;
  const kind = kindOf({ doc, stored, ...w });
  for (const [label, read] of UNSIGNED[kind ?? ''] ?? []) {
    const v = read(doc);
    if (typeof v === 'number' && v < 0) return MONEY_MESSAGES.negative(label);
  }
  if (kind === 'payment' || kind === 'cash-adjustment') {
    if (doc.factor !== 1 && doc.factor !== -1) return MONEY_MESSAGES.factor;
    if (!isAmount(doc.amount) || !(doc.amount > 0)) return MONEY_MESSAGES.amountAbove0;
    const account = isObject(doc.client) ? doc.client.account_ref : undefined;
    if (kind === 'cash-adjustment' && (typeof account !== 'string' || account === '')) return 'A cash adjustment needs a client account.';
    if (doc.client !== undefined && (typeof account !== 'string' || account === '')) return 'A payment to a client needs its account.';
    if (stored) {
      const was = isObject(stored.client) ? stored.client.account_ref : undefined;
      if (stored.factor !== doc.factor || stored.amount !== doc.amount || was !== account || JSON.stringify(stored.medium) !== JSON.stringify(doc.medium)) return MONEY_MESSAGES.saved(kind);
    }
  }
  if (kind === 'expense') {
    if (!isAmount(doc.amount) || !(doc.amount > 0)) return MONEY_MESSAGES.amountAbove0;
    const source = doc.source;
    if (source !== 'cash' && !(isObject(source) && typeof source.ref === 'string' && source.ref !== '')) return 'An expense is paid from the cash account or a bank.';
    if (typeof doc.description !== 'string' || doc.description.trim() === '') return 'An expense needs its purpose.';
    if (stored && (stored.amount !== doc.amount || JSON.stringify(stored.source) !== JSON.stringify(doc.source))) return MONEY_MESSAGES.saved('expense');
  }
  if (kind === 'sale' && typeof doc.amount_paid === 'number' && typeof doc.total_due === 'number') {
    // Change given back is not paid: a sale never counts more than its total due as paid.
    if (doc.amount_paid > Math.max(0, doc.total_due) + 0.005) return MONEY_MESSAGES.paidOverDue;
  }
  if (kind === 'stock-transfer') {
    const from = isObject(doc.sender) ? doc.sender.account_ref : undefined;
    const to = isObject(doc.recipient) ? doc.recipient.account_ref : undefined;
    if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '' || from === to) return 'A stock transfer needs two different customers.';
    if (typeof doc.quantity !== 'number' || !(doc.quantity > 0)) return 'A stock transfer needs a quantity above 0.';
    if (!((doc.send_price as number) >= 0) || !((doc.receive_price as number) >= 0)) return 'A price cannot be negative.';
  }
  return undefined;
};
