/**
 * Bank and cash account ledgers from the in-memory ledger (worker/ledger/): one page of rows with the opening
 * and running balance under the spec's range rule, each row carrying the route of its source; and the money
 * that flowed in and out of an account over a range (binary search to the range start, no document read).
 */
import { sourceRoute } from '../../commands/cashbook';
import type { MoneyRow, StatementPage } from '../../commands/ledger';
import { statementBounds, type RangeBounds } from '../../commands/lib/dates';
import type { TableQuery } from '../../commands/table';
import type { Ctx } from '../context';
import { Book, MONEY_SCALE } from '../ledger/postings';
import { describePage, pageEntries } from '../ledger/statement';
import { firstEntryFrom, type Account } from '../ledger/state';

/** One page of a bank's (or the cash account's) ledger. Call after `ctx.ledger.entriesReady()`. */
export async function moneyLedger(ctx: Ctx, account: string, query: TableQuery): Promise<StatementPage<MoneyRow>> {
  const { accumulate, swapDebitCredit } = await ctx.config();
  const found = ctx.ledger.state().account(Book.Bank, account);
  const page = pageEntries(found ? [found] : [], query, accumulate);
  const described = await describePage(ctx.db.main, page, MONEY_SCALE, query.offset);
  const rows: MoneyRow[] = described.rows.map((r) => {
    const route = sourceRoute(r.stores, r.id);
    // The swap setting trades the two columns' places; the running balance stays what it is.
    const swapped = swapDebitCredit ? { ...r, debit: r.credit, credit: r.debit } : r;
    return route ? { ...swapped, route } : swapped;
  });
  return { ...described, rows };
}

/** Money into (debits) and out of (credits) an account within the bounds, in major units. */
export function flows(account: Account | undefined, bounds: RangeBounds): { in: number; out: number } {
  if (!account) return { in: 0, out: 0 };
  const entries = account.ordered();
  let into = 0;
  let out = 0;
  for (let i = bounds.start === undefined ? 0 : firstEntryFrom(entries, bounds.start); i < entries.length; i++) {
    const e = entries[i];
    if (e.date > bounds.end) break;
    if (e.delta > 0) into += e.delta;
    else out -= e.delta;
  }
  return { in: into / MONEY_SCALE, out: out / MONEY_SCALE };
}

export function rangeBounds(query: TableQuery, accumulate: boolean): RangeBounds {
  return query.range ? statementBounds(query.range, accumulate) : { end: Infinity };
}
