/**
 * stocktake-start, -list, -lines, -count, -post (commands/stocktake.ts). Every count is its own document; the
 * posting is one document whose id is the stocktake's (the server's gate records it in the audit log).
 */
import { BASE62 } from '../../commands/lib/ids';
import { MAX_QUANTITY } from '../../commands/lib/bounds';
import type { ItemDoc, StocktakeCountDoc, StocktakeDoc, StocktakePostDoc } from '../../commands/docs';
import { MAIN_STORE } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { mayWrite } from '../../commands/permissions';
import { countPrefixOf, postIdOf, STOCKTAKE_MAX_CHARS, STOCKTAKE_MAX_ITEMS, STOCKTAKE_PREFIX } from '../../commands/stocktake-docs';
import { STOCKTAKE_MESSAGES, type StocktakeLine, type StocktakeSummary } from '../../commands/stocktake';
import { actingUser, stampOf } from '../acting-user';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { itemIndex } from '../items/search/item-index';
import { domain } from '../registry';
import { tablePage } from '../table/engine';
import { loadStocktake, stocktakeIndex, warehouseName, type Loaded } from './store';
import { totalsOf, varianceLines } from './variance';
import { putDoc, writeAll, WriteRefused } from '../writes';

function random(): string {
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (b) => BASE62[b % 62]).join('');
}

async function ready(ctx: Ctx) {
  const idx = itemIndex(ctx.db);
  await Promise.all([idx.ready(), ctx.ledger.ready()]);
  return idx;
}

function mayCount(ctx: Ctx): void {
  if (!mayWrite('stocktake-count', actingUser(ctx).level)) throw new UserError('forbidden', STOCKTAKE_MESSAGES.mayNotCount);
}

function summaryOf(s: StocktakeDoc, post?: StocktakePostDoc): StocktakeSummary {
  return {
    _id: s._id,
    date: s.date,
    warehouse: s.warehouse,
    warehouseName: s.warehouseName,
    ...(s.category ? { category: s.category } : {}),
    user: s.user?.fullname ?? '',
    items: Object.keys(s.snapshot ?? {}).length,
    ...(post ? { posted: { date: post.date, user: post.user?.fullname ?? '', lines: post.lines.length, value: totalsOf(varianceLines({ stocktake: s, counts: [], post }, () => undefined)).value } } : {}),
  };
}

/** A quantity as typed ('12', '1,200', '-2'); empty means 1 (a scan). */
function parseCount(q: unknown): number {
  if (q === undefined || q === null || String(q).trim() === '') return 1;
  const n = Number(String(q).replace(/,/g, '').trim());
  if (!Number.isFinite(n) || n === 0 || Math.abs(n) > MAX_QUANTITY) throw new UserError('bad-count', STOCKTAKE_MESSAGES.badQuantity);
  return Math.round(n * 1000) / 1000;
}

const VIEWS: Record<string, (l: StocktakeLine) => boolean> = {
  counted: (l) => l.counted !== undefined,
  uncounted: (l) => l.counted === undefined,
  differences: (l) => !!l.difference,
};

async function linesOf(ctx: Ctx, loaded: Loaded): Promise<StocktakeLine[]> {
  const idx = await ready(ctx);
  return varianceLines(loaded, (id) => idx.get(id));
}

export default domain(
  {
    'stocktake-start': async (input, ctx) => {
      mayCount(ctx);
      const warehouse = String(input.warehouse ?? '').trim() || MAIN_STORE;
      const name = await warehouseName(ctx, warehouse);
      if (!name) throw new UserError('unknown-warehouse', STOCKTAKE_MESSAGES.unknownWarehouse);
      const category = input.category ? await getKind(ctx.db.main, input.category, 'category') : undefined;
      const idx = await ready(ctx);
      const items = idx.inNameOrder().filter((d: ItemDoc) => !category || d.group?.id === category._id);
      if (items.length > STOCKTAKE_MAX_ITEMS) throw new UserError('too-many', STOCKTAKE_MESSAGES.tooMany(STOCKTAKE_MAX_ITEMS));
      const snapshot: StocktakeDoc['snapshot'] = {};
      for (const d of items) snapshot[d._id] = [ctx.ledger.stock(d._id, { warehouse }), d.purchasePrice ?? 0];
      const date = ctx.clock();
      const doc: StocktakeDoc = {
        _id: `${STOCKTAKE_PREFIX}${date.toString(36)}${ctx.device}${random()}`,
        stores: 'stocktake',
        date,
        user: stampOf(ctx),
        device: ctx.device,
        warehouse,
        warehouseName: name,
        ...(category ? { category: { id: category._id, name: category.value } } : {}),
        snapshot,
      };
      if (JSON.stringify(doc).length > STOCKTAKE_MAX_CHARS) throw new UserError('too-large', STOCKTAKE_MESSAGES.tooLarge);
      await putDoc(ctx.db.main, doc as never);
      return { id: doc._id };
    },

    'stocktake-list': async (_input, ctx) => {
      const starts = [...(await stocktakeIndex(ctx).entries()).values()];
      const posts = starts.length ? await ctx.db.main.allDocs({ keys: starts.map((s) => postIdOf(s._id)), include_docs: true }) : { rows: [] };
      const byId = new Map<string, StocktakePostDoc>();
      for (const r of posts.rows) {
        const doc = 'doc' in r ? (r.doc as unknown as StocktakePostDoc | undefined) : undefined;
        if (doc && doc.stores === 'stocktake-post' && !doc._deleted) byId.set(doc.stocktake, doc);
      }
      return starts.sort((a, b) => b.date - a.date).map((s) => summaryOf(s, byId.get(s._id)));
    },

    'stocktake-lines': async (input, ctx) => {
      const loaded = await loadStocktake(ctx, input.id);
      const all = await linesOf(ctx, loaded);
      const keep = input.view && VIEWS[input.view];
      const rows = keep ? all.filter(keep) : all;
      const page = tablePage(rows, { ...input, range: undefined }, { search: (l) => [l.name, l._id] });
      return { ...page, stocktake: summaryOf(loaded.stocktake, loaded.post), totals: totalsOf(all) };
    },

    'stocktake-count': async (input, ctx) => {
      mayCount(ctx);
      const loaded = await loadStocktake(ctx, input.id);
      if (loaded.post) throw new UserError('posted', STOCKTAKE_MESSAGES.posted);
      const entered = parseCount(input.quantity);
      const code = String(input.code ?? '').trim();
      const idx = await ready(ctx);
      // A pack's barcode (a carton's) counts that many base units: 2 scanned cartons of 24 are 48 pieces.
      const pack = code && !idx.find(code) ? idx.findPack(code) : undefined;
      const item = (code && (idx.find(code) ?? pack?.doc ?? idx.search(code)[0])) || undefined;
      if (!item) throw new UserError('no-item', STOCKTAKE_MESSAGES.noItem(code || '""'));
      const quantity = pack ? Math.round(entered * pack.unit.factor * 1000) / 1000 : entered;
      if (Math.abs(quantity) > MAX_QUANTITY) throw new UserError('bad-count', STOCKTAKE_MESSAGES.badQuantity);
      const date = ctx.clock();
      const doc: StocktakeCountDoc = {
        _id: `${countPrefixOf(input.id)}${ctx.device}${date.toString(36)}${random()}`,
        stores: 'stocktake-count',
        stocktake: input.id,
        date,
        user: stampOf(ctx),
        device: ctx.device,
        item: { id: item._id, name: item.name },
        quantity,
        expected_then: ctx.ledger.stock(item._id, { warehouse: loaded.stocktake.warehouse }),
      };
      await putDoc(ctx.db.main, doc as never);
      const counted = [...loaded.counts, doc].filter((c) => c.item.id === item._id).reduce((s, c) => s + Math.round(c.quantity * 1000), 0) / 1000;
      return { item: doc.item, quantity, counted, ...(pack ? { pack: { unit: pack.unit.name, quantity: entered } } : {}) };
    },

    'stocktake-post': async (input, ctx) => {
      if (!mayWrite('stocktake-post', actingUser(ctx).level)) throw new UserError('forbidden', STOCKTAKE_MESSAGES.mayNotPost);
      const loaded = await loadStocktake(ctx, input.id);
      if (loaded.post) throw new UserError('posted', STOCKTAKE_MESSAGES.posted);
      const counted = (await linesOf(ctx, loaded)).filter((l) => l.counted !== undefined);
      if (!counted.length) throw new UserError('nothing-counted', STOCKTAKE_MESSAGES.nothingCounted);
      const doc: StocktakePostDoc = {
        _id: postIdOf(input.id),
        stores: 'stocktake-post',
        stocktake: input.id,
        date: ctx.clock(),
        user: stampOf(ctx),
        warehouse: loaded.stocktake.warehouse,
        label: `Stocktake of ${loaded.stocktake.warehouseName}${loaded.stocktake.category ? `, ${loaded.stocktake.category.name}` : ''}`,
        lines: counted.map((l) => ({ id: l._id, name: l.name, start: l.start, expected: l.expected!, counted: l.counted!, difference: l.difference!, cost: l.cost })),
      };
      // Thousands of long names could pass what the server takes in one document: said before anything is written.
      if (JSON.stringify(doc).length > STOCKTAKE_MAX_CHARS) throw new UserError('too-large', STOCKTAKE_MESSAGES.tooLarge);
      try {
        await writeAll(ctx.db.main, [doc]);
      } catch (e) {
        if (!(e instanceof WriteRefused)) throw e;
        // Posted meanwhile (another device's posting synced in): the posting's id is taken.
        throw e.conflict ? new UserError('posted', STOCKTAKE_MESSAGES.posted) : new UserError('post-failed', 'The stocktake could not be posted. Please try again.');
      }
      return { id: doc._id, lines: doc.lines.length };
    },
  },
  { writes: ['stocktake-start', 'stocktake-count', 'stocktake-post'] },
);
