/**
 * Card payments are verified by the payment provider, never trusted from the browser. A provider answers
 * whether a transaction reference was paid and how much. 'none' refuses everything (no provider configured);
 * 'fake' is for tests and demos: a reference 'ok:{amount}' (optionally 'ok:{amount}:{tag}', so one business
 * can buy the same quantity twice: each reference is credited once) is paid with that amount, anything else failed.
 */
export type Verification = { paid: boolean; amount: number };
export type PaymentProvider = { name: string; verify(reference: string): Promise<Verification> };

const none: PaymentProvider = { name: 'none', verify: async () => ({ paid: false, amount: 0 }) };

const fake: PaymentProvider = {
  name: 'fake',
  async verify(reference) {
    const m = /^ok:(\d+(?:\.\d{1,2})?)(?::[A-Za-z0-9_-]{1,40})?$/.exec(reference);
    return m ? { paid: true, amount: Number(m[1]) } : { paid: false, amount: 0 };
  },
};

export function paymentProvider(name: string): PaymentProvider {
  if (name === 'fake') return fake;
  if (name === 'none') return none;
  throw new Error(`Unknown PAYMENT_PROVIDER: ${name}`);
}
