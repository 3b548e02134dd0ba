/** The invoice page's reads and actions: sale-get (with which buttons to offer), sale-pay, sale-delete. */
import { UserError } from '../../commands/errors';
import { canReviewDeletion, decideDeletion } from '../../commands/lib/deletion';
import { parseMoney } from '../../commands/lib/money';
import { splitPayment } from '../../commands/lib/sale-math';
import type { SaleInput, SaleView } from '../../commands/sales';
import { actingUser } from '../acting-user';
import { mayEditSaved } from '../../commands/rules/saved-edits';
import type { Ctx } from '../context';
import { loadTransaction } from '../deletion/transaction';
import { bankPart } from './build';
import { checkAmount } from '../../commands/lib/bounds';
import { putDoc } from '../writes';

export async function getSale(ctx: Ctx, id: string): Promise<SaleView> {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  const { doc } = await loadTransaction(ctx, id, { kind: 'sale' });
  const target = { creator: doc.user?.username, date: doc.date, delete_pending: doc.delete_pending };
  const decision = decideDeletion(cfg, user, target, ctx.clock());
  return {
    sale: doc,
    canPay: cfg.separatePayment && !doc.amount_paid,
    // Who may change a saved sale (commands/rules/saved-edits.ts): the server's gate refuses the same.
    canEdit: cfg.editableInvoice && !doc.delete_pending && mayEditSaved(user, cfg, doc, ctx.clock()),
    deleteMode: decision.action,
    canReview: !!doc.delete_pending && canReviewDeletion(cfg, user, target),
  };
}

/** Payment on an invoice: only while nothing is paid and a cashier takes payment apart (separatePayment). */
export async function paySale(ctx: Ctx, input: { id: string; amount: number; bank?: SaleInput['bank'] }): Promise<{ message: 'Successful' }> {
  actingUser(ctx);
  const cfg = await ctx.config();
  const { doc } = await loadTransaction(ctx, input.id, { kind: 'sale' });
  if (!cfg.separatePayment || doc.amount_paid) throw new UserError('not-payable', 'This invoice does not take a separate payment');
  const amount = checkAmount(parseMoney(input.amount), 'Amount');
  if (!(amount > 0)) throw new UserError('amount', 'Payment amount cannot be 0');
  const payment = splitPayment(amount, doc.total_due);
  const bank = (await bankPart(ctx, input.bank, payment.amount_paid)) ?? doc.bank;
  await putDoc(ctx.db.main, { ...doc, ...payment, bank } as never);
  return { message: 'Successful' };
}

