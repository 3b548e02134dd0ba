/**
 * Stock lost or found, for the profit and loss statement: damaged goods (written off at what a piece costs now,
 * as a customer's return is taken back: the latest purchase's cost per base unit, ./costs.ts) and stocktake
 * postings (each counted line's difference at the cost the review showed, stored on the posting). Kept from
 * their id ranges like the other report facts: damaged goods share the returns' prefix, postings have their own.
 */
import { asKind } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import { mulMoney, toMinor } from '../../commands/lib/money';
import { POST_PREFIX } from '../../commands/stocktake-docs';
import type { DateRange } from '../../commands/lib/dates';
import type { Ctx } from '../context';
import { itemIndex } from '../items/search/item-index';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { currentCosts } from './costs';

type Damaged = { date: number; item: string; quantity: number };
type Counted = { date: number; minor: number };

const deleted = (d: Record<string, unknown>) => d._deleted === true || d.deleted === true;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function damagedFacts(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'report-damaged-facts', () =>
    createPrefixIndex<Damaged>(ctx.db.main, ID_PREFIX.returns, (d) => {
      const g = asKind(d, 'damaged-goods');
      if (!g || deleted(d)) return undefined;
      // Stored negative, in the unit entered: in base units here.
      return { date: num(g.date), item: String(g.item?.id ?? ''), quantity: Math.abs(num(g.quantity)) * (num(g.unit_factor) || 1) };
    }),
  );
}

function countedFacts(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'report-stocktake-facts', () =>
    createPrefixIndex<Counted>(ctx.db.main, POST_PREFIX, (d) => {
      const p = asKind(d, 'stocktake-post');
      if (!p || deleted(d)) return undefined;
      const minor = (p.lines ?? []).reduce((sum, l) => sum + toMinor(mulMoney(num(l.cost), num(l.difference))), 0);
      return { date: num(p.date), minor };
    }),
  );
}

/** In minor units over the range: `damaged` written off (0 or more), `counted` the stocktakes' gain (+) or loss (−). */
export async function stockLosses(ctx: Ctx, range: DateRange): Promise<{ damaged: number; counted: number }> {
  const index = itemIndex(ctx.db);
  const [damaged, counted] = await Promise.all([damagedFacts(ctx).entries(), countedFacts(ctx).entries(), index.ready()]);
  const inRange = <T extends { date: number }>(all: ReadonlyMap<string, T>) => [...all.values()].filter((f) => f.date >= range.from && f.date <= range.to);
  const lost = inRange(damaged);
  const costs = await currentCosts(ctx, lost.map((f) => index.get(f.item) ?? { _id: f.item, purchasePrice: 0 }));
  return {
    damaged: lost.reduce((sum, f) => sum + toMinor(mulMoney(costs.get(f.item) ?? 0, f.quantity)), 0),
    counted: inRange(counted).reduce((sum, f) => sum + f.minor, 0),
  };
}
