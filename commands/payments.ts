/**
 * Money between the business and its clients (document 001 sections 3, 4, 5 and 8): payments, cash
 * adjustments and customer-to-customer stock transfers. The cashbook's Customer/Supplier payment buttons use
 * these same commands; no other payment path exists.
 */
import type { CashAdjustmentDoc, PaymentDoc, StockTransferDoc } from './docs';
import type { ClientKind } from './clients';
import type { Millis } from './lib/dates';
import type { DeleteInput, DeleteResult } from './lib/deletion';
import { MONEY_TYPES, type Reads } from './reads';
import type { CreditInput } from './lib/credit-limit';

/** The money account a payment goes through: a bank {ref,name}, the cash account, or an opening balance. */
export type PaymentMedium = PaymentDoc['medium'];
export const START_BALANCE = 'Start balance';

export type PaymentInput = {
  /** Which list the dialog was opened from: decides the 'You must choose a …' text. */
  kind: ClientKind;
  /** The client's _id (account_ref); empty gives 'You must choose a {customer or supplier}'. */
  client: string;
  /** -1 money received (the customer default), +1 money sent (the supplier default); the Change button flips it. */
  factor: 1 | -1;
  amount: number | string;
  medium: PaymentMedium;
  teller_number?: string;
  details?: string;
  /** Empty: now. */
  date?: Millis;
};

export type PaymentSaved = {
  id: string;
  /** The receipt when the paymentRedirect setting is on, else undefined (stay on the screen). */
  redirect?: string;
  /** Id of the SMS queued to the client (smsOnPayment on and a phone number known). */
  sms?: string;
  /** Why the SMS could not be queued ('SMS units has been exhausted'), shown as a toast. */
  smsNotice?: string;
};

/** The receipt page: the payment, its client's current balance and which actions to offer. */
export type PaymentView = {
  payment: PaymentDoc;
  /** 'customer' or 'supplier' when the client still exists. */
  kind?: ClientKind;
  balance: number;
  /** Under the delete policy for the payment's date: 'delete', 'mark' for review, or 'deny' (no button). */
  deleteMode: 'delete' | 'mark' | 'deny';
  canReview: boolean;
};

export type CashAdjustmentInput = {
  kind: ClientKind;
  client: string;
  /** 1 increases the client's cash (adds to their balance), -1 decreases it; the Change button flips it. */
  factor: 1 | -1;
  amount: number | string;
  details?: string;
  date?: Millis;
} & CreditInput;

export type StockTransferInput = {
  /** Customer _ids. */
  sender: string;
  recipient: string;
  item: { id: string; name: string };
  quantity: number | string;
  send_price: number | string;
  receive_price: number | string;
  details?: string;
  date?: Millis;
} & CreditInput;

/**
 * What a cash adjustment does to the client's account, in the owner's words. Document 001 gives the meaning:
 * 'factor 1 means increasing customer cash' and 'payment and cash adjustment add amount times factor' to a
 * balance whose positive side is what a customer owes. So the cash is the cash in the client's hands, as with a
 * payment sent (+1): a customer handed more of our cash owes more; a supplier handed more of it is owed less.
 * 'Increase customer cash' alone read as crediting the customer, so the effect is said beside it.
 */
export function adjustmentEffect(kind: ClientKind, factor: 1 | -1): string {
  const balanceUp = factor === 1;
  if (kind === 'customer') return balanceUp ? 'adds to what the customer owes' : 'takes off what the customer owes';
  return balanceUp ? 'takes off what you owe the supplier' : 'adds to what you owe the supplier';
}

/** The dialog's direction line: 'Increase customer cash: adds to what the customer owes'. */
export const adjustmentDirection = (kind: ClientKind, factor: 1 | -1): string =>
  `${factor === 1 ? 'Increase' : 'Decrease'} ${kind} cash: ${adjustmentEffect(kind, factor)}`;

/** Saved adjustments and transfers: the id plus the SMS outcome, as for a payment. */
export type AccountSaved = { id: string; sms?: string[]; smsNotice?: string; /** Show smsNotice as a browser alert. */ smsAlert?: true };

export const PAYMENT_MESSAGES = {
  chooseClient: (kind: ClientKind) => `You must choose a ${kind}`,
  zeroAmount: 'Payment amount cannot be 0',
  failed: 'Payment creation failed',
  adjustmentFailed: 'Cash adjustment not completed',
  transferFailed: 'Stock transfer failed',
  // Where the spec is silent:
  unknownBank: 'This bank account no longer exists',
  adjustmentZero: 'Adjustment amount cannot be 0',
  sameClient: 'The sender and the recipient must be different customers',
  chooseItem: 'You must select the item to be transferred',
  transferQuantity: 'You cannot transfer less than one item',
  negativePrice: 'A price cannot be negative',
} as const;

export type PaymentsCommands = {
  'payment-create': (input: PaymentInput) => Promise<PaymentSaved>;
  /** The receipt page's read; null when missing or deleted (the screen goes to /not-found). */
  'payment-get': (input: { id: string }) => Promise<PaymentView | null>;
  /** Delete, or mark delete_pending under review; on a pending payment `review` accepts or rejects it. */
  'payment-delete': (input: DeleteInput) => Promise<DeleteResult>;
  'cash-adjustment-create': (input: CashAdjustmentInput) => Promise<AccountSaved & { doc: CashAdjustmentDoc }>;
  'stock-transfer-create': (input: StockTransferInput) => Promise<AccountSaved & { doc: StockTransferDoc }>;
};

/** What each read depends on (see commands/reads.ts). */
export const PAYMENTS_READS = {
  // The receipt shows the client's balance now: every kind that moves a client account.
  'payment-get': ['customer', 'supplier', 'config', ...MONEY_TYPES],
} as const satisfies Reads<PaymentsCommands>;
