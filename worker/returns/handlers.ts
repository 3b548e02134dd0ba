/**
 * Customer returns, supplier returns and damaged goods with the spec's sign conversions (document 000
 * section 5): amount = rate × quantity; customer: +quantity, -amount; supplier: -quantity, +amount;
 * damaged goods: -quantity.
 */
import type { ClientKind } from '../../commands/clients';
import { MAIN_STORE, type DamagedGoodsDoc, type GoodReturnsDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { mulMoney, parseMoney } from '../../commands/lib/money';
import { PAYMENT_MESSAGES } from '../../commands/payments';
import type { ReturnInput, ReturnKind } from '../../commands/returns';
import type { Ctx } from '../context';
import { STORE_MESSAGES } from '../../commands/items';
import { getKind } from '../db';
import { parseQuantity } from '../items/fields';
import { balanceOf } from '../items/stock';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { returnSms } from './sms';
import { checkAmount, checkQuantity } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { lineUnit, unitShortfall } from '../items/units';
import { unitCost } from '../../commands/lib/units';
import { putDoc } from '../writes';

/**
 * The client of a customer or supplier return: a chosen account must be a live client of that kind (its balance
 * moves by the return's amount: a customer's goes down, a supplier's up); a name alone is kept as written.
 */
async function returnClient(ctx: Ctx, kind: ClientKind, input: ReturnInput['client']): Promise<GoodReturnsDoc['client'] | undefined> {
  const ref = input?.account_ref?.trim();
  if (ref) {
    const doc = await getKind(ctx.db.main, ref, 'customer', 'supplier');
    if (!doc || doc._deleted || doc.stores !== kind) throw new UserError('client-required', PAYMENT_MESSAGES.chooseClient(kind));
    return { name: doc.name, account_ref: doc._id };
  }
  const name = input?.name?.trim();
  return name ? { name } : undefined;
}

/** Stored quantity and amount for a quantity and amount typed as positive numbers. */
export function signed(kind: ReturnKind, quantity: number, amount: number): { quantity: number; amount: number } {
  if (kind === 'customer') return { quantity, amount: -amount };
  if (kind === 'supplier') return { quantity: -quantity, amount };
  return { quantity: -quantity, amount: 0 };
}

export default domain(
  {
    'return-create': async (input, ctx) => {
      const kind = input.kind;
      if (kind !== 'customer' && kind !== 'supplier' && kind !== 'damaged') {
        throw new UserError('return-kind', 'Choose Customer returns, Supplier returns or Damaged returns');
      }
      const failed = kind === 'damaged' ? STORE_MESSAGES.damaged : STORE_MESSAGES.returns;
      const item = input.item ? await getKind(ctx.db.main, input.item, 'item') : undefined;
      if (!item || item.stores !== 'item') throw new UserError('return-item', 'You must select the returned item');
      const quantity = checkQuantity(parseQuantity(input.quantity), 'Quantity');
      if (quantity <= 0) throw new UserError('return-quantity', `You cannot return less than one of ${item.name}`);
      // Returned in any unit (issue 28): the stored quantity is in that unit, the ledger multiplies by its factor.
      const { unit, fields } = lineUnit(item, input.unit, 'return-unit');
      const warehouse = input.warehouse || MAIN_STORE;
      if (kind !== 'customer') {
        // Supplier returns and damaged goods leave the store: there must be that many to take out.
        await ctx.ledger.ready();
        const left = unitShortfall(balanceOf(ctx, item._id, warehouse), quantity, unit, item.name);
        if (left.short) {
          throw new UserError('return-quantity', `There are only ${left.left} ${left.name} left, hence you cannot remove upto ${quantity}`);
        }
      }
      const client = kind === 'damaged' ? undefined : await returnClient(ctx, kind, input.client);
      const rate =
        input.rate === undefined || input.rate === '' ? (kind === 'supplier' ? unitCost(item.purchasePrice ?? 0, unit.factor) : unit.price) : parseMoney(input.rate);
      checkAmount(rate ?? 0, 'Rate');
      checkAmount((rate ?? 0) * quantity, 'Rate × quantity');
      const s = signed(kind, quantity, mulMoney(rate ?? 0, quantity));
      const base = { _id: ctx.newId('returns'), date: ctx.clock(), user: stampOf(ctx), details: String(input.details ?? '').trim(), to: warehouse, ...fields };
      const doc: GoodReturnsDoc | DamagedGoodsDoc =
        kind === 'damaged'
          ? { ...base, stores: 'damaged-goods', item: { name: item.name, id: item._id }, quantity: s.quantity, recipient: String(input.recipient ?? '').trim() }
          : {
              ...base,
              stores: 'good-returns',
              item: { name: item.name, id: item._id, rate: rate ?? 0 },
              quantity: s.quantity,
              amount: s.amount,
              extra_notes: kind === 'customer' ? 'Customer returns' : 'Supplier returns',
              ...(client ? { client: { ...client, kind } } : {}),
            };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw new UserError('return-failed', failed);
      }
      const sms = doc.stores === 'good-returns' ? await returnSms(ctx, doc, input.client?.phone_number) : {};
      return { id: doc._id, quantity: s.quantity, amount: kind === 'damaged' ? 0 : s.amount, ...sms };
    },
  },
  { writes: ['return-create'] },
);
