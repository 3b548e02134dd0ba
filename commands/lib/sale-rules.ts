/**
 * Sale validation (document 001 section 5), in the spec's order. Pure: the worker runs it before saving and
 * the form runs it before dispatching (so it can drop an empty row the way the spec says).
 */
import type { ConfigValues } from '../config';

export type RuleCustomer = { with_account: boolean; name: string; phone_number?: string };
/** A line in a pack unit names it and its factor (issue 28): its quantity and `available` are in that unit. */
export type RuleLine = { name: string; quantity: number; unit?: string; unit_factor?: number };

export type SaleProblem = { code: string; message: string; index?: number };

export const SALE_MESSAGES = {
  customer: 'You must select the customer you are selling to',
  smsPhone: 'You must provide customer phone number for SMS to work',
  smsWarning: 'Customer phone number is not provided. SMS might not be delivered',
  noItems: 'You must add atleast one item to sell',
  selectItem: 'You must select item to be sold',
  debtTitle: 'Debt alert!',
  debtConfirm: 'Yes, make debt!',
  debtCancelled: 'Cancelled: Please update amount paid for sale',
  // Where the spec is silent (the bank part of the amount paid):
  bankRequired: 'You must choose the bank account the payment went into',
  bankNegative: 'The bank amount cannot be less than zero',
  bankAbovePaid: 'The bank amount cannot be more than the amount paid',
  bankUnknown: 'The bank account could not be found',
} as const;

export function notEnough(available: number, name: string, quantity: number): string {
  return `There are only ${available} ${name} left, hence you cannot sell upto ${quantity}`;
}

/**
 * The 'only N left' message of a line in the unit being sold: a pack line counts whole packs ('There are only 8
 * Indomie (carton) left, hence you cannot sell upto 9' when 214 pieces are left of cartons of 24).
 */
export function notEnoughOf(available: number, line: RuleLine): string {
  if (!(line.unit_factor && line.unit_factor > 1)) return notEnough(available, line.name, line.quantity);
  return notEnough(Math.floor(Math.round(available * 1e6) / 1e6), `${line.name} (${line.unit})`, line.quantity);
}

export function tooFew(name: string): string {
  return `You cannot sell less than one of ${name}`;
}

export function debtMessage(paid: string, due: string): string {
  return `Please confirm that you received a payment of ${paid} for this sale. The total due is ${due}`;
}

type RuleConfig = Pick<ConfigValues, 'customerRequired' | 'smsOnUnmanagedSale' | 'smsOnSale'>;

/** The non-blocking SMS warning, or undefined. */
export function saleWarning(customer: RuleCustomer, cfg: RuleConfig): string | undefined {
  return cfg.smsOnSale && customer.with_account && !customer.phone_number?.trim() ? SALE_MESSAGES.smsWarning : undefined;
}

/**
 * The first blocking problem, or undefined. `available(i)` is the sellable balance of line i.
 * An unnamed row with quantity 1 or less yields code 'empty-row': the form removes it and the save stops.
 */
export function saleProblem(
  customer: RuleCustomer,
  lines: readonly RuleLine[],
  cfg: RuleConfig,
  available: (index: number) => number,
): SaleProblem | undefined {
  if (cfg.customerRequired && !customer.name?.trim()) return { code: 'customer-required', message: SALE_MESSAGES.customer };
  if (cfg.smsOnUnmanagedSale && !customer.with_account && !customer.phone_number?.trim()) {
    return { code: 'phone-required', message: SALE_MESSAGES.smsPhone };
  }
  if (!lines.length) return { code: 'no-items', message: SALE_MESSAGES.noItems };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.name?.trim()) {
      return line.quantity > 1
        ? { code: 'item-required', message: SALE_MESSAGES.selectItem, index: i }
        : { code: 'empty-row', message: SALE_MESSAGES.selectItem, index: i };
    }
    const left = available(i);
    if (left < line.quantity) return { code: 'not-enough', message: notEnoughOf(left, line), index: i };
    if (!(line.quantity > 0)) return { code: 'quantity', message: tooFew(line.name), index: i };
  }
  return undefined;
}
