/** Items: create (with starting stock), update, get with variants, and the item search. */
import type { ItemDoc, StockDoc, Variant } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { implausibleDate } from '../../commands/lib/dates';
import { optionLists } from '../../commands/lib/variants';
import { STORE_MESSAGES, type ItemView } from '../../commands/items';
import { MAIN_STORE } from '../../commands/docs';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { itemPatch, itemProblem, parseQuantity } from './fields';
import { itemIndex } from './search/item-index';
import { toHit } from './stock';
import { scaleCodeCandidates } from '../../commands/lib/scale-barcode';
import { packLine, scaleReading, scanLine } from './scan';
import { packLevelPricesProblem } from './units';
import type { ItemIndex } from './search/item-index';
import { boundProblem } from '../../commands/lib/bounds';
import { docLimitsProblem } from '../../commands/lib/doc-limits';
import { levelPricesProblem, levelsOf, parseLevelPrices } from './price-levels';
import { writeAllOr } from '../writes';

const DEFAULT_PAGE = 20;

async function readyIndex(ctx: Ctx) {
  const idx = itemIndex(ctx.db);
  await Promise.all([idx.ready(), ctx.ledger.ready()]);
  return idx;
}

async function checkWarehouse(ctx: Ctx, id: string | undefined, fail: (reason: string) => UserError): Promise<string> {
  const wh = id || MAIN_STORE;
  if (wh !== MAIN_STORE && !(await getKind(ctx.db.main, wh, 'warehouse'))) throw fail('Unknown warehouse.');
  return wh;
}

async function view(ctx: Ctx, doc: ItemDoc, warehouse?: string): Promise<ItemView> {
  const idx = itemIndex(ctx.db);
  const members = doc.group?.id ? idx.group(doc.group.id) : [doc];
  const variants: Variant[] = members.map((m) => ({
    _id: m._id,
    group: m.group?.name ?? m.name,
    price: m.price ?? 0,
    balance: toHit(ctx, m, warehouse).balance,
    values: m.variation ?? {},
  }));
  const { variationFields, useVariation } = await ctx.config();
  // Variations apply to the items that have them: a plain item (no category) gets no option lists, and a
  // field none of the group's variants uses gets no (empty) list.
  const variations = useVariation && doc.group?.id ? optionLists(variationFields, variants).filter((v) => v.options.length) : [];
  return { ...toHit(ctx, doc, warehouse), variants, variations };
}

/**
 * A barcode of `patch` (the item's own or a pack unit's) that another item, or another item's pack unit,
 * already answers to; a scan must find one thing.
 */
function codeInUse(idx: ItemIndex, patch: Partial<ItemDoc>, self?: string): string | undefined {
  const codes = [patch.barcode, ...(patch.units ?? []).map((u) => u.barcode)].filter((c): c is string => !!c);
  for (const code of codes) {
    const other = idx.find(code)?._id ?? idx.findPack(code)?.doc._id;
    if (other && other !== self) return code;
  }
  // The item's own barcode and its packs' must differ too.
  const lower = codes.map((c) => c.toLowerCase());
  return codes.find((c, i) => lower.indexOf(c.toLowerCase()) !== i);
}

export default domain(
  {
    'item-create': async (input, ctx) => {
      const fail = (reason: string) => new UserError('item-create', STORE_MESSAGES.itemCreate(reason));
      const levels = levelsOf(await ctx.config());
      const problem = itemProblem(input, true) ?? levelPricesProblem(input.levelPrices, levels) ?? packLevelPricesProblem(input.units, levels);
      if (problem) throw fail(problem);
      // The starting stock's expiry is a date a person typed: 1907 or 2999 is refused as a sale date is.
      const wrongExpiry = typeof input.expiry_date === 'number' && input.expiry_date ? implausibleDate(input.expiry_date, ctx.clock()) : '';
      if (wrongExpiry) throw fail(`Expiry date ${wrongExpiry}.`);
      const quantity = parseQuantity(input.quantity);
      if (quantity < 0) throw fail('Starting quantity cannot be negative.');
      const tooMany = boundProblem('quantity', quantity, 'Starting quantity');
      if (tooMany) throw fail(`${tooMany}.`);
      const warehouse = await checkWarehouse(ctx, input.warehouse, fail);
      const idx = await readyIndex(ctx);
      const patch = itemPatch(input);
      const taken = codeInUse(idx, patch);
      if (taken) throw fail(`The barcode ${taken} is already used.`);
      const user = stampOf(ctx);
      const date = ctx.clock();
      const id = ctx.newId('item');
      const levelPrices = parseLevelPrices(input.levelPrices);
      const item: ItemDoc = { _id: id, stores: 'item', name: '', price: 0, purchasePrice: 0, ...patch, ...(levelPrices ? { levelPrices } : {}), date, user } as ItemDoc;
      const docs: object[] = [item];
      let stockId: string | undefined;
      if (quantity > 0) {
        stockId = `${id}-i`;
        const stock: StockDoc = {
          _id: stockId,
          stores: 'stock',
          item: { name: item.name, id },
          quantity,
          price: item.purchasePrice,
          to: warehouse,
          date,
          user,
          extra_notes: 'Starting stock',
          ...(input.expiry_date ? { expiry_date: input.expiry_date } : {}),
        };
        docs.push(stock);
      }
      const beyond = docs.map((d) => docLimitsProblem(d)).find(Boolean);
      if (beyond) throw fail(`${beyond}.`);
      await writeAllOr(ctx.db.main, docs, fail);
      return { id, stockId };
    },

    'item-update': async (input, ctx) => {
      const fail = () => new UserError('item-update', STORE_MESSAGES.itemUpdate);
      const { id, ...fields } = input;
      const existing = id ? await getKind(ctx.db.main, id, 'item') : undefined;
      if (!existing || existing.stores !== 'item') throw fail();
      const levels = levelsOf(await ctx.config());
      const problem = itemProblem(fields, false) ?? levelPricesProblem(fields.levelPrices, levels) ?? packLevelPricesProblem(fields.units, levels);
      if (problem) throw new UserError('item-update', `${problem} ${STORE_MESSAGES.itemUpdate}`);
      const patch: Partial<ItemDoc> = itemPatch(fields);
      // Given, the level prices replace the item's whole map (none left: the field goes).
      if (fields.levelPrices !== undefined) patch.levelPrices = parseLevelPrices(fields.levelPrices);
      if (patch.barcode || patch.units?.some((u) => u.barcode)) {
        const taken = codeInUse(await readyIndex(ctx), patch, id);
        if (taken) throw new UserError('item-update', `The barcode ${taken} is already used. ${STORE_MESSAGES.itemUpdate}`);
      }
      const next = { ...existing, ...patch };
      // Clearing a field (empty image, no group) removes it from the document.
      for (const key of Object.keys(patch) as (keyof ItemDoc)[]) if (patch[key] === undefined) delete next[key];
      const beyond = docLimitsProblem(next, existing);
      if (beyond) throw new UserError('item-update', `${beyond}. ${STORE_MESSAGES.itemUpdate}`);
      // A price change is recorded in the audit log by the server's gate when the item reaches it.
      await writeAllOr(ctx.db.main, [next], fail);
      return { id };
    },

    'item-get': async (input, ctx) => {
      const idx = await readyIndex(ctx);
      const doc = idx.find(String(input.id ?? '').trim());
      return doc ? view(ctx, doc, input.warehouse) : null;
    },

    'item-scan': async (input, ctx) => {
      const idx = await readyIndex(ctx);
      const code = String(input.code ?? '').trim();
      const exact = idx.find(code);
      // An item's own barcode wins over reading the code as a scale label.
      if (exact) return scanLine(await view(ctx, exact, input.warehouse));
      // A pack unit's barcode (a carton's) adds one of that pack, from the index's code map (issue 28).
      const pack = idx.findPack(code);
      if (pack) return packLine(await view(ctx, pack.doc, input.warehouse), pack.unit);
      const scale = scaleReading(code, await ctx.config());
      if (!scale) return { item: null, code };
      const doc = scaleCodeCandidates(scale.code).map((c) => idx.find(c)).find(Boolean);
      return doc ? scanLine(await view(ctx, doc, input.warehouse), scale) : { item: null, code: scale.code };
    },

    'item-search': async (input, ctx) => {
      const idx = await readyIndex(ctx);
      const offset = Math.max(0, input.offset ?? 0);
      const limit = Math.max(1, Math.min(250, input.limit ?? DEFAULT_PAGE));
      const { docs, total } = idx.page(input.query ?? '', offset, limit, { raw: input.raw });
      return { rows: docs.map((d) => toHit(ctx, d, input.warehouse)), total };
    },
  },
  { writes: ['item-create', 'item-update'] },
);
