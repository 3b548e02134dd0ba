/** Reading a stocktake: its start, its counts (one id range) and its posting (one id), never a scan. */
import { MAIN_STORE_NAME } from '../../commands/warehouses';
import { asKind, MAIN_STORE, type StocktakeCountDoc, type StocktakeDoc, type StocktakePostDoc } from '../../commands/docs';
import { countPrefixOf, postIdOf, STOCKTAKE_PREFIX } from '../../commands/stocktake-docs';
import { UserError } from '../../commands/errors';
import { STOCKTAKE_MESSAGES } from '../../commands/stocktake';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { createPrefixIndex, prefixIndex } from '../prefix-index';

export type Loaded = { stocktake: StocktakeDoc; counts: StocktakeCountDoc[]; post?: StocktakePostDoc };

export async function loadStocktake(ctx: Ctx, id: string): Promise<Loaded> {
  const stocktake = id.startsWith(STOCKTAKE_PREFIX) ? await getKind(ctx.db.main, id, 'stocktake') : undefined;
  if (!stocktake || stocktake._deleted) throw new UserError('not-found', STOCKTAKE_MESSAGES.notFound);
  const prefix = countPrefixOf(id);
  const [range, post] = await Promise.all([
    ctx.db.main.allDocs({ startkey: prefix, endkey: `${prefix}\uffff`, include_docs: true }),
    getKind(ctx.db.main, postIdOf(id), 'stocktake-post'),
  ]);
  const counts = range.rows.map((r) => asKind(r.doc, 'stocktake-count')).filter((d): d is StocktakeCountDoc => !!d && !d._deleted);
  return { stocktake, counts, ...(post && !post._deleted ? { post } : {}) };
}

/** Every stocktake start, kept current from the changes (the `stk-` id range holds only starts). */
export function stocktakeIndex(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'stocktake-starts', () => createPrefixIndex(ctx.db.main, STOCKTAKE_PREFIX, (d) => (d._deleted ? undefined : asKind(d, 'stocktake'))));
}

export async function warehouseName(ctx: Ctx, id: string): Promise<string | undefined> {
  if (id === MAIN_STORE) return MAIN_STORE_NAME;
  const doc = await getKind(ctx.db.main, id, 'warehouse');
  return doc && !doc._deleted ? doc.location : undefined;
}
