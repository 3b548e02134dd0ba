/** Categories (the products variants group under) and variation values (named option lists). */
import { asKind, type CategoryDoc, type DocOfKind, type VariationDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { STORE_MESSAGES } from '../../commands/items';
import type { Ctx } from '../context';
import { ID_PREFIX } from '../../commands/lib/ids';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { checkLimits } from '../limits';
import { putDoc } from '../writes';

async function ofKind<K extends 'category' | 'variation'>(ctx: Ctx, stores: K, prefix: string): Promise<DocOfKind<K>[]> {
  // Category and variation ids start with their type prefix, so one id-range read finds them all.
  const res = await ctx.db.main.allDocs({ startkey: prefix, endkey: prefix + '\uffff', include_docs: true });
  return res.rows.map((r) => asKind(r.doc, stores)).filter((d) => d !== undefined);
}

export default domain(
  {
    'category-create': async (input, ctx) => {
      const value = String(input.value ?? '').trim();
      if (!value) throw new UserError('category-value', STORE_MESSAGES.categoryValue);
      const doc: CategoryDoc = { _id: ctx.newId('category'), stores: 'category', value, date: ctx.clock(), user: stampOf(ctx) };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw new UserError('category-create', STORE_MESSAGES.categoryCreate);
      }
      return { id: doc._id };
    },

    'category-list': async (_input, ctx) => {
      const docs = await ofKind(ctx, 'category', ID_PREFIX.category);
      return docs.sort((a, b) => a.value.localeCompare(b.value));
    },

    'variation-create': async (input, ctx) => {
      const type = String(input.type ?? '').trim();
      const value = String(input.value ?? '').trim();
      if (!type || !value) throw new UserError('variation-value', STORE_MESSAGES.variationValue);
      const doc: VariationDoc = { _id: ctx.newId('variation'), stores: 'variation', type, value, date: ctx.clock(), user: stampOf(ctx) };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw new UserError('variation-create', STORE_MESSAGES.variationCreate);
      }
      return { id: doc._id };
    },

    'variation-list': async (_input, ctx) => {
      const docs = await ofKind(ctx, 'variation', ID_PREFIX.variation);
      const byType = new Map<string, Set<string>>();
      for (const d of docs) byType.set(d.type, (byType.get(d.type) ?? new Set()).add(d.value));
      return [...byType].map(([type, values]) => ({ type, values: [...values].sort() })).sort((a, b) => a.type.localeCompare(b.type));
    },
  },
  { writes: ['category-create', 'variation-create'] },
);
