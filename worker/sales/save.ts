/**
 * sale-create and sale-update: validate, number, then write the sale and its lines all or none
 * (worker/writes.ts) so the ledger never sees a sale without its lines (document 001 section 4); a new sale then
 * queues its SMS.
 */
import type { MovementLineDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import type { SaleInput, SaleSaved, SaleUpdateInput } from '../../commands/sales';
import { actingUser, stampOf } from '../acting-user';
import { savedEditProblem } from '../../commands/rules/saved-edits';
import type { Ctx } from '../context';
import { loadTransaction } from '../deletion/transaction';
import { buildSale, type BuiltSale } from './build';
import { takeInvoiceNumber } from './invoice-policy';
import { saleSms } from './sms';
import { writeAllOr } from '../writes';

export const SALE_KINDS = { kind: 'sale', lineKind: 'sale_item' } as const;

/** The sale, its lines (and an edit's audit entry) all or none (worker/writes.ts). */
async function writeBatch(ctx: Ctx, docs: object[]): Promise<void> {
  await writeAllOr(ctx.db.main, docs, (reason) => new UserError('save-failed', `The sale could not be saved: ${reason}`));
}

async function saved(ctx: Ctx, built: BuiltSale): Promise<SaleSaved> {
  const cfg = await ctx.config();
  return {
    id: built.sale._id,
    invoice_number: built.sale.invoice_number,
    warning: built.warning,
    redirect: cfg.salesRedirect ? `/sales/invoice/${built.sale._id}` : '/sales',
  };
}

export async function createSale(ctx: Ctx, input: SaleInput): Promise<SaleSaved> {
  const user = stampOf(ctx);
  const built = await buildSale(ctx, input, user);
  if (!built.sale.invoice_number) {
    const number = await takeInvoiceNumber(ctx);
    built.sale.invoice_number = number;
    for (const line of built.lines) line.transaction.invoice = number;
  }
  await writeBatch(ctx, [built.sale, ...built.lines]);
  return { ...(await saved(ctx, built)), ...(await saleSms(ctx, built.sale, built.totals, user)) };
}

/** Editable invoices only: the customer stays, the old lines are deleted and the new ones written, one batch. */
export async function updateSale(ctx: Ctx, input: SaleUpdateInput): Promise<SaleSaved> {
  const user = stampOf(ctx);
  if (!(await ctx.config()).editableInvoice) throw new UserError('not-editable', 'Invoices cannot be edited (editable invoices is off)');
  const { doc, lines } = await loadTransaction(ctx, input.id, SALE_KINDS);
  // Who may change a saved sale (commands/rules/saved-edits.ts), as the server's gate will judge it.
  const refused = savedEditProblem(actingUser(ctx), await ctx.config(), doc, ctx.clock());
  if (refused) throw new UserError('not-editable', refused);
  const previous = { sale: doc, lines: lines as MovementLineDoc[] };
  const built = await buildSale(ctx, { ...input, customer: doc.customer }, user, previous);
  const removed = previous.lines.map((l) => ({ ...l, _deleted: true, deletedBy: user }));
  // The audit entry is the server's: its /db gate records what changed when this edit reaches it.
  await writeBatch(ctx, [built.sale, ...removed, ...built.lines]);
  return saved(ctx, built);
}
