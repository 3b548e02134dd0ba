/**
 * 'day-glance': the cashbook's day at a glance. Every figure comes from an index the worker already keeps:
 * sales from the sales index, cash and bank balances and today's cash flows from the ledger, debtors from the
 * ledger's client accounts (client ageing), low stock from the item index and the ledger's stock balances.
 */
import dayjs from 'dayjs';
import { GLANCE_DEBT_DAYS, GLANCE_TOP, type DayGlance } from '../../commands/cashbook';
import { visibleTo } from '../../commands/config';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { sumMoney } from '../../commands/lib/money';
import { isLowStock } from '../../commands/lib/reorder';
import { describeLine } from '../../commands/purchases';
import { actingUser } from '../acting-user';
import { listBanks } from '../banks/bank-index';
import { flows } from '../banks/statement';
import { debtAge, ageingSummary } from '../clients/ageing';
import { overLimit, sortedClients } from '../clients/list';
import type { Ctx } from '../context';
import { itemIndex } from '../items/search/item-index';
import { Book } from '../ledger/postings';
import { salesIndex } from '../sales/lists';
import { salesFigures } from './glance-sales';

/** Customers owing for more than GLANCE_DEBT_DAYS days, and the part of their debt that old. */
async function overdueDebtors(ctx: Ctx, now: number): Promise<DayGlance['debtors']> {
  const state = ctx.ledger.state();
  const accounts = (await sortedClients(ctx.db.main, 'customer')).map((c) => state.account(Book.Client, c._id));
  const count = accounts.filter((a) => (debtAge(a, now) ?? 0) > GLANCE_DEBT_DAYS).length;
  const buckets = ageingSummary(accounts, now);
  // The buckets past GLANCE_DEBT_DAYS (31-60, 61-90, 90+).
  return { count, amount: sumMoney([buckets['31-60'], buckets['61-90'], buckets['90+']]) };
}

/** Customers above their credit limit, as the customers list's Over limit tab counts them. */
async function overLimitCount(ctx: Ctx): Promise<number> {
  const state = ctx.ledger.state();
  let count = 0;
  for (const c of await sortedClients(ctx.db.main, 'customer')) if (overLimit(c, state.account(Book.Client, c._id)?.total ?? 0)) count++;
  return count;
}

/** Items at or below their level (over all warehouses), the lowest share of their level first. */
function lowStock(ctx: Ctx): DayGlance['lowStock'] {
  const low: DayGlance['lowStock']['items'] = [];
  for (const doc of itemIndex(ctx.db).search('')) {
    // Most items have no level: no balance to look up (at L the lookups of 50,000 balances were most of a call).
    if (doc.reorderLevel === undefined) continue;
    const balance = ctx.ledger.stock(doc._id);
    // Named with its variant ('Ankara wrapper (Red)'): two variants of one item are two lines to tell apart.
    if (isLowStock(balance, doc.reorderLevel)) low.push({ id: doc._id, name: describeLine(doc.name, doc.variation), balance, level: doc.reorderLevel! });
  }
  low.sort((a, b) => a.balance / a.level - b.balance / b.level || a.name.localeCompare(b.name));
  return { count: low.length, items: low.slice(0, GLANCE_TOP) };
}

export async function dayGlance(ctx: Ctx): Promise<DayGlance> {
  const user = actingUser(ctx);
  const [cfg, sales, banks] = await Promise.all([ctx.config(), salesIndex(ctx).entries(), listBanks(ctx), itemIndex(ctx.db).ready(), ctx.ledger.entriesReady()]);
  const now = ctx.clock();
  const day = dayjs(now).startOf('day').valueOf();
  const { profit, ...figures } = salesFigures(sales.values(), now);
  const cash = ctx.ledger.bank(CASH_ACCOUNT);
  const glance: DayGlance = {
    day,
    ...figures,
    balances: { cash, bank: sumMoney(banks.map((b) => b.balance)), banks: banks.map((b) => ({ id: b._id, name: b.name, balance: b.balance })) },
    debtors: await overdueDebtors(ctx, now),
    overLimit: await overLimitCount(ctx),
    lowStock: lowStock(ctx),
  };
  if (visibleTo(cfg.summaryVisibility, user.level)) {
    const end = dayjs(now).endOf('day').valueOf();
    glance.cash = flows(ctx.ledger.state().account(Book.Bank, CASH_ACCOUNT), { start: day, end });
  }
  if (visibleTo(cfg.profitVisibility, user.level)) glance.profit = profit;
  return glance;
}
