/**
 * Taking a card payment in the browser, by the provider the server verifies with (GET /api/payment-provider).
 * The browser only obtains a transaction reference; the server asks the provider whether it was paid and
 * credits nothing otherwise (POST /api/verify-payment).
 *   'fake'  the test and demo provider: the person confirms or declines a test payment; a confirmed one has the
 *           reference 'ok:{amount}:{tag}', a declined one a reference the provider reports unpaid.
 *   'none'  card payments are not set up on this server.
 * A real provider's checkout widget would be a third case here; none is wired in yet.
 */
import { formatMoney } from '../../commands/lib/money';
import { apiGet } from '../signin/server-api';
import { confirmDialog } from '../ui/dialogs';

export type PaymentOutcome = { reference: string } | { problem: string };

export const PAYMENT_NOT_SET_UP = 'Card payments are not set up on this server. Please contact admin.';

export async function takePayment(amount: number, what: string): Promise<PaymentOutcome> {
  const provider = await apiGet<{ name: string }>('payment-provider');
  if (!provider.ok) return { problem: provider.message ?? 'Check your internet and try again' };
  if (provider.body.name !== 'fake') return { problem: PAYMENT_NOT_SET_UP };
  const paid = await confirmDialog({ title: 'Test payment', text: `Pay ${formatMoney(amount, '₦')} for ${what} with the test provider?`, confirmText: 'Pay', cancelText: 'Decline' });
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { reference: paid ? `ok:${amount}:${tag}` : `declined:${tag}` };
}
