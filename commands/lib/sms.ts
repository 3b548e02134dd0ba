/**
 * SMS texts (document 001 section 9): the template placeholders and the spec's exhausted-units messages.
 * Pure; the worker fills a template and queues the message (worker/sms/outbox.ts).
 */

export const SMS_PLACEHOLDERS = ['items', 'total', 'date', 'paid', 'invoice', 'balance', 'amount', 'description', 'details', 'quantity', 'name', 'price', 'sub'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

export const SMS_MESSAGES = {
  /** Toast (5 s, bottom right) when the unit balance is too low for a message. */
  unitsExhausted: 'SMS units has been exhausted',
  /** Browser alert when transfer SMS is on and no credits remain. */
  creditsExhausted: 'Message cannot be sent. SMS Credits exhausted',
  // Where the spec is silent: the operation was saved but its message could not be written.
  queueFailed: 'The SMS could not be queued',
  emptyMessage: 'The SMS template is empty: no message was sent',
} as const;

/** Sender ID maximum length. */
export const SMS_SENDER_MAX = 11;

/** The longest message the outbox takes (10 units); the worker cuts a longer text to this. */
export const SMS_MAX_CHARS = 1600;

const PATTERN = new RegExp(`:(${SMS_PLACEHOLDERS.join('|')})\\b`, 'g');

/** Replaces each ':placeholder' with its value; a placeholder this message has no value for becomes empty. */
/**
 * An account balance as an SMS says it to the customer or supplier it is sent to: the amount and who owes whom,
 * never a bare minus sign. In the ledger's sign (document 001 section 9) a positive balance is owed to the
 * business by that customer (a debtor) or supplier (paid ahead); a negative one is owed by the business (a
 * customer's credit, what the business owes a supplier). Zero is the amount alone.
 */
export function balanceWords(balance: number, money: (n: number) => string): string {
  if (!balance) return money(0);
  return `${money(Math.abs(balance))} (${balance > 0 ? 'you owe' : 'you are owed'})`;
}

export function fillSmsTemplate(template: string, values: Partial<Record<SmsPlaceholder, string>>): string {
  return template
    .replace(PATTERN, (_m, key: SmsPlaceholder) => values[key] ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
