/**
 * cash-adjustment-create (factor 1 raises the client's balance, -1 lowers it) and stock-transfer-create
 * (goods a customer holds on account passed to another: the sender's balance falls by send_price × quantity,
 * the recipient's rises by receive_price × quantity; no warehouse stock moves). Document 001 sections 3, 4, 9.
 */
import type { CashAdjustmentDoc, StockTransferDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseImplausibleDate } from '../plausible-date';
import { mulMoney, parseMoney } from '../../commands/lib/money';
import { refuseNegative } from '../../commands/rules/money';
import { PAYMENT_MESSAGES, type CashAdjustmentInput, type StockTransferInput } from '../../commands/payments';
import { actingUser, userStamp } from '../acting-user';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { chosenClient, clientRef } from './clients';
import { accountSms } from './sms';
import { checkAmount, checkQuantity } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { checkCredit } from '../clients/credit';
import { putDoc } from '../writes';

const text = (v: string | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export async function createCashAdjustment(ctx: Ctx, input: CashAdjustmentInput) {
  refuseImplausibleDate(input.date, ctx.clock(), 'adjustment-date', 'Date');
  const user = actingUser(ctx);
  const client = await chosenClient(ctx, input.client, input.kind);
  const amount = parseMoney(input.amount);
  if (amount === 0) throw new UserError('amount', PAYMENT_MESSAGES.adjustmentZero);
  refuseNegative(checkAmount(amount, 'Amount'), 'The adjustment amount');
  // Money has a sign: the direction is the factor's alone.
  const factor: 1 | -1 = input.factor === -1 ? -1 : 1;
  const details = text(input.details);
  const stamp = userStamp(user);
  const doc: CashAdjustmentDoc = {
    _id: ctx.newId('adjustment'),
    stores: 'cash-adjustment',
    client: clientRef(client),
    factor,
    amount,
    ...(details ? { details } : {}),
    date: Number(input.date) || ctx.clock(),
    user: stamp,
  };
  // Raising a customer's balance past their credit limit: the owner's setting (worker/clients/credit.ts).
  const approval = await checkCredit(ctx, { account: client.stores === 'customer' ? client._id : undefined, next: [doc], input, user: stamp });
  if (approval) doc.credit_approval = approval;
  checkLimits(doc);
  try {
    await putDoc(ctx.db.main, doc as never);
  } catch {
    throw new UserError('adjustment-failed', PAYMENT_MESSAGES.adjustmentFailed);
  }
  const sms = await accountSms(ctx, 'smsOnAdjustment', doc._id, stamp, [
    { client: doc.client, amount: mulMoney(doc.amount, factor), date: doc.date!, values: { details: details ?? '' } },
  ]);
  return { id: doc._id, doc, ...sms };
}

export async function createStockTransfer(ctx: Ctx, input: StockTransferInput) {
  refuseImplausibleDate(input.date, ctx.clock(), 'transfer-date', 'Date');
  const user = actingUser(ctx);
  const sender = await chosenClient(ctx, input.sender, 'customer');
  const recipient = await chosenClient(ctx, input.recipient, 'customer');
  if (sender._id === recipient._id) throw new UserError('same-client', PAYMENT_MESSAGES.sameClient);
  const itemId = text(input.item?.id);
  const item = itemId ? await getKind(ctx.db.main, itemId, 'item') : undefined;
  if (!item || item._deleted || item.stores !== 'item') throw new UserError('item-required', PAYMENT_MESSAGES.chooseItem);
  const quantity = parseMoney(input.quantity);
  if (!(quantity > 0)) throw new UserError('quantity', PAYMENT_MESSAGES.transferQuantity);
  const send_price = parseMoney(input.send_price);
  const receive_price = parseMoney(input.receive_price);
  if (send_price < 0 || receive_price < 0) throw new UserError('price', PAYMENT_MESSAGES.negativePrice);
  checkQuantity(quantity, 'Quantity');
  checkAmount(send_price, 'Send price');
  checkAmount(receive_price, 'Receive price');
  // What the transfer moves on each account is price × quantity: that too must stay an amount.
  checkAmount(send_price * quantity, 'Send price × quantity');
  checkAmount(receive_price * quantity, 'Receive price × quantity');
  const details = text(input.details);
  const stamp = userStamp(user);
  const doc: StockTransferDoc = {
    _id: ctx.newId('transfer'),
    stores: 'stock-transfer',
    sender: clientRef(sender),
    recipient: clientRef(recipient),
    item: { id: item._id, name: item.name },
    quantity,
    send_price,
    receive_price,
    ...(details ? { details } : {}),
    date: Number(input.date) || ctx.clock(),
    user: stamp,
  };
  // The recipient's balance rises: their credit limit applies (the sender's only falls).
  const approval = await checkCredit(ctx, { account: recipient._id, next: [doc], input, user: stamp });
  if (approval) doc.credit_approval = approval;
  checkLimits(doc);
  try {
    await putDoc(ctx.db.main, doc as never);
  } catch {
    throw new UserError('transfer-failed', PAYMENT_MESSAGES.transferFailed);
  }
  const values = { items: item.name, quantity: String(quantity), details: details ?? '' };
  const sms = await accountSms(ctx, 'smsOnTransfer', doc._id, stamp, [
    { client: doc.sender, amount: -mulMoney(send_price, quantity), date: doc.date!, values: { ...values, price: String(send_price) } },
    { client: doc.recipient, amount: mulMoney(receive_price, quantity), date: doc.date!, values: { ...values, price: String(receive_price) } },
  ]);
  return { id: doc._id, doc, ...sms };
}
