/**
 * The banks screen (document 000 'Banks screen'): every bank with its balance and the money paid into it over
 * the range (default this week), and the summary (bank count, total deposit, total balance) for the levels
 * the summary-visibility setting admits. Banks come from the bank index, money from the ledger: no scan.
 */
import type { BankSummary, BankTableRow } from '../../commands/banks';
import { visibleTo } from '../../commands/config';
import { quickRange, statementBounds } from '../../commands/lib/dates';
import { sumMoney } from '../../commands/lib/money';
import type { TablePage, TableQuery } from '../../commands/table';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { Book } from '../ledger/postings';
import { tablePage } from '../table/engine';
import { listBanks } from './bank-index';
import { flows } from './statement';

export async function banksTable(ctx: Ctx, query: TableQuery): Promise<TablePage<BankTableRow> & { summary?: BankSummary }> {
  const user = actingUser(ctx);
  const cfg = await ctx.config();
  const banks = await listBanks(ctx);
  await ctx.ledger.entriesReady();
  const bounds = statementBounds(query.range ?? quickRange('week', ctx.clock()));
  const state = ctx.ledger.state();
  const rows: BankTableRow[] = banks.map((b) => ({ ...b, payments: flows(state.account(Book.Bank, b._id), bounds).in }));
  const visible = visibleTo(cfg.summaryVisibility, user.level);
  // The range picks the money counted, not the banks shown: the engine must not filter rows by it.
  const page = tablePage(rows, { ...query, range: undefined }, {
    search: (r) => [r.name, r.account_name, r.account_number],
    summary: visible
      ? (m) => ({ banks: m.length, deposit: sumMoney(m.map((r) => r.payments)), balance: sumMoney(m.map((r) => r.balance)) })
      : undefined,
  });
  const { summary, ...rest } = page;
  return summary ? { ...rest, summary: { banks: summary.banks, deposit: summary.deposit, balance: summary.balance } } : rest;
}
