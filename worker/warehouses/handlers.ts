/** Warehouses and transfers. A movement's warehouse key is the warehouse document's id ('store' = Main store). */
import { asKind, MAIN_STORE, type WarehouseDoc, type WarehouseTransferDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseImplausibleDate } from '../plausible-date';
import { ID_PREFIX } from '../../commands/lib/ids';
import { STORE_MESSAGES } from '../../commands/items';
import { MAIN_STORE_NAME } from '../../commands/warehouses';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { parseQuantity } from '../items/fields';
import { balanceOf } from '../items/stock';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { checkQuantity } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { lineUnit, unitShortfall } from '../items/units';
import { putDoc } from '../writes';

async function warehouses(ctx: Ctx): Promise<Pick<WarehouseDoc, '_id' | 'location'>[]> {
  const prefix = ID_PREFIX.warehouse;
  const res = await ctx.db.main.allDocs({ startkey: prefix, endkey: prefix + '\uffff', include_docs: true });
  const docs = res.rows
    .map((r) => asKind(r.doc, 'warehouse'))
    .filter((d) => d !== undefined)
    .map((d) => ({ _id: d._id, location: d.location }))
    .sort((a, b) => a.location.localeCompare(b.location));
  return [{ _id: MAIN_STORE, location: MAIN_STORE_NAME }, ...docs];
}

export default domain(
  {
    'warehouse-create': async (input, ctx) => {
      const location = String(input.location ?? '').trim();
      if (!location) throw new UserError('warehouse-location', STORE_MESSAGES.warehouseLocation);
      const existing = await warehouses(ctx);
      if (existing.some((w) => w.location.toLowerCase() === location.toLowerCase())) {
        throw new UserError('warehouse-exists', `A warehouse named ${location} already exists`);
      }
      const doc: WarehouseDoc = { _id: ctx.newId('warehouse'), stores: 'warehouse', location, date: ctx.clock(), user: stampOf(ctx) };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw new UserError('warehouse-create', STORE_MESSAGES.warehouseCreate);
      }
      return { id: doc._id };
    },

    'warehouse-list': (_input, ctx) => warehouses(ctx),

    'warehouse-transfer': async (input, ctx) => {
      const fail = (message: string, code = 'transfer-invalid') => new UserError(code, message);
      const item = input.item ? await getKind(ctx.db.main, input.item, 'item') : undefined;
      if (!item || item.stores !== 'item') throw fail('You must select the item to transfer');
      const all = await warehouses(ctx);
      const from = all.find((w) => w._id === (input.from || MAIN_STORE));
      const to = all.find((w) => w._id === (input.to || MAIN_STORE));
      if (!from || !to) throw fail('You must choose the warehouses to transfer between');
      if (from._id === to._id) throw fail('The source and destination warehouses must be different');
      refuseImplausibleDate(input.expiry_date, ctx.clock(), 'transfer-invalid', 'Expiry date');
      const quantity = checkQuantity(parseQuantity(input.quantity), 'Quantity');
      if (quantity <= 0) throw fail(`You cannot transfer less than one of ${item.name}`);
      // Moved in any unit (issue 28): quantity in that unit, the ledger moves quantity × factor base units.
      const { unit, fields } = lineUnit(item, input.unit, 'transfer-invalid');
      await ctx.ledger.ready();
      const left = unitShortfall(balanceOf(ctx, item._id, from._id), quantity, unit, item.name);
      if (left.short) throw fail(`There are only ${left.left} ${left.name} left in ${from.location}, hence you cannot transfer upto ${quantity}`);
      const doc: WarehouseTransferDoc = {
        _id: ctx.newId('warehouseTransfer'),
        stores: 'warehouse-transfer',
        from: { location: from._id, value: from.location },
        to: { location: to._id, value: to.location },
        item: { name: item.name, id: item._id },
        quantity,
        factor: 1,
        ...fields,
        details: String(input.details ?? '').trim(),
        date: ctx.clock(),
        user: stampOf(ctx),
        ...(input.expiry_date ? { expiry_date: input.expiry_date } : {}),
      };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw fail(STORE_MESSAGES.transfer, 'transfer-failed');
      }
      return { id: doc._id };
    },
  },
  { writes: ['warehouse-create', 'warehouse-transfer'] },
);
