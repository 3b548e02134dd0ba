/**
 * payment-create, payment-get and payment-delete (document 001 sections 3, 4, 5). A payment moves its client's
 * balance by amount × factor and its bank or cash account the other way (worker/ledger/postings.ts); a
 * 'Start balance' payment touches no money account and is flagged `exclude`. Deletion goes through the shared
 * delete policy (worker/deletion/transaction.ts): flagged deleted with deletedBy, or marked for review.
 */
import type { PaymentDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseImplausibleDate } from '../plausible-date';
import { canReviewDeletion, decideDeletion } from '../../commands/lib/deletion';
import { parseMoney } from '../../commands/lib/money';
import { PAYMENT_MESSAGES, START_BALANCE, type PaymentInput, type PaymentSaved, type PaymentView } from '../../commands/payments';
import { actingUser, userStamp } from '../acting-user';
import { findBank } from '../banks/bank-index';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { chosenClient, clientRef } from './clients';
import { accountSms } from './sms';
import { checkAmount } from '../../commands/lib/bounds';
import { refuseNegative } from '../../commands/rules/money';
import { checkLimits } from '../limits';
import { putDoc } from '../writes';

export const PAYMENT_KIND = { kind: 'payment' } as const;

async function mediumOf(ctx: Ctx, medium: PaymentInput['medium']): Promise<PaymentDoc['medium']> {
  if (medium === START_BALANCE) return START_BALANCE;
  if (medium && typeof medium === 'object' && medium.ref) {
    const bank = await findBank(ctx, medium.ref);
    if (!bank) throw new UserError('bank-unknown', PAYMENT_MESSAGES.unknownBank);
    return { ref: bank._id, name: bank.name };
  }
  return 'cash';
}

export async function createPayment(ctx: Ctx, input: PaymentInput): Promise<PaymentSaved> {
  refuseImplausibleDate(input.date, ctx.clock(), 'payment-date', 'Payment date');
  const user = actingUser(ctx);
  const client = await chosenClient(ctx, input.client, input.kind);
  const amount = parseMoney(input.amount);
  if (amount === 0) throw new UserError('amount', PAYMENT_MESSAGES.zeroAmount);
  refuseNegative(checkAmount(amount, 'Amount'), 'The payment amount');
  // Money has a sign: the direction is the factor's alone (a typed -5,000 is refused, not turned the other way).
  const factor: 1 | -1 = input.factor === 1 ? 1 : -1;
  const medium = await mediumOf(ctx, input.medium);
  const stamp = userStamp(user);
  const text = (v: string | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const teller = text(input.teller_number);
  const details = text(input.details);
  const doc: PaymentDoc = {
    _id: ctx.newId('payment'),
    stores: 'payment',
    client: clientRef(client),
    by: client._id,
    factor,
    amount,
    medium,
    ...(teller ? { teller_number: teller } : {}),
    ...(details ? { details } : {}),
    ...(medium === START_BALANCE ? { exclude: true } : {}),
    date: Number(input.date) || ctx.clock(),
    user: stamp,
  };
  checkLimits(doc);
  try {
    await putDoc(ctx.db.main, doc as never);
  } catch {
    throw new UserError('payment-failed', PAYMENT_MESSAGES.failed);
  }
  const { paymentRedirect } = await ctx.config();
  const sms = await accountSms(ctx, 'smsOnPayment', doc._id, stamp, [
    { client: doc.client!, amount: doc.amount, date: doc.date!, supplier: client.stores === 'supplier', values: details ? { details } : {} },
  ]);
  return {
    id: doc._id,
    ...(paymentRedirect ? { redirect: `/payment/invoice/${doc._id}` } : {}),
    ...(sms.sms ? { sms: sms.sms[0] } : {}),
    ...(sms.smsNotice ? { smsNotice: sms.smsNotice } : {}),
  };
}

export async function getPayment(ctx: Ctx, id: string): Promise<PaymentView | null> {
  const user = actingUser(ctx);
  const doc = await getKind(ctx.db.main, id, 'payment');
  if (!doc || doc._deleted || doc.stores !== 'payment') return null;
  const rules = await ctx.config();
  const target = { creator: doc.user?.username, date: doc.date, delete_pending: doc.delete_pending };
  const ref = doc.client?.account_ref ?? doc.by;
  const client = ref ? await getKind(ctx.db.main, ref, 'customer', 'supplier') : undefined;
  const kind = client && !client._deleted && (client.stores === 'customer' || client.stores === 'supplier') ? client.stores : undefined;
  await ctx.ledger.ready();
  return {
    payment: doc,
    ...(kind ? { kind } : {}),
    balance: ref ? ctx.ledger.client(ref) : 0,
    deleteMode: decideDeletion(rules, user, target, ctx.clock()).action,
    canReview: !!doc.delete_pending && canReviewDeletion(rules, user, target),
  };
}
