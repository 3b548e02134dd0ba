/**
 * Saving a sale from the form or the quick sale: the 'Debt alert!' confirmation when the worker asks for it
 * (separate payment off and underpaid), the credit-limit warning or a manager's approval, the non-blocking SMS warning and an SMS that could not be queued as
 * toasts, then the redirect the salesRedirect setting chose (the invoice or /sales), unless the caller stays (the
 * quick sale's 'Next sale': src/sales/quick/quick-store.ts).
 */
import type { CommandError, Reply } from '../../commands/errors';
import type { ErrorCode } from '../../commands/index';
import { SALE_MESSAGES } from '../../commands/lib/sale-rules';
import type { SaleInput, SaleSaved, SaleUpdateInput } from '../../commands/sales';
import { dispatch } from '../bus';
import { navigate } from '../router';
import { confirmDialog, toast } from '../ui/dialogs';
import { withCredit } from '../clients/credit-ask';

export type SubmitResult = { saved?: SaleSaved; error?: CommandError };

/** What saving a sale may answer: either command's codes, or the credit question cancelled. */
type SaleReply = Reply<SaleSaved, ErrorCode<'sale-create'> | ErrorCode<'sale-update'> | 'credit-cancelled'>;

async function send(input: SaleInput | SaleUpdateInput): Promise<SaleReply> {
  return 'id' in input ? dispatch('sale-update', input) : dispatch('sale-create', input);
}

/**
 * `customer`: the account a credit approval is for (an edit's customer is not in its input); `stay`: no redirect
 * (the screen goes on by itself).
 */
export async function submitSale(input: SaleInput | SaleUpdateInput, customer?: string, options: { stay?: boolean } = {}): Promise<SubmitResult> {
  let reply: SaleReply = await send(input);
  if (!reply.ok && reply.error.code === 'debt-unconfirmed') {
    const yes = await confirmDialog({ title: SALE_MESSAGES.debtTitle, text: reply.error.message, confirmText: SALE_MESSAGES.debtConfirm });
    if (!yes) return { error: { code: 'debt-cancelled', message: SALE_MESSAGES.debtCancelled } };
    input = { ...input, confirmDebt: true };
    reply = await send(input);
  }
  // Past the customer's credit limit: confirm, or a manager's approval (src/clients/credit-ask.tsx).
  const account = customer ?? ('customer' in input ? input.customer.account_ref : undefined);
  const sent = input;
  reply = await withCredit((extra) => send({ ...sent, ...extra }), account, reply);
  if (!reply.ok) return { error: reply.error };
  if (reply.value.warning) toast(reply.value.warning);
  if (reply.value.smsNotice) toast(reply.value.smsNotice);
  if (!options.stay) navigate(reply.value.redirect);
  return { saved: reply.value };
}
