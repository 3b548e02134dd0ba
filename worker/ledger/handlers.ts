/** Ledger commands for screens: balances by id, expiring items, stock/client statements (one page each; banks: worker/banks/). */
import { UserError } from '../../commands/errors';
import {
  ITEM_IDS_SEPARATOR,
  STATEMENT_NOT_FOUND,
  type ItemEnds,
  type StockBalanceRow,
  type StockStatementPage,
  type StockStatementRow,
} from '../../commands/ledger';
import type { Ctx } from '../context';
import { domain } from '../registry';
import { expiringItems } from './expiring';
import { isExpiringSoon } from './expiry';
import { Book, MONEY_SCALE, QTY_SCALE } from './postings';
import { readDocs } from './read-docs';
import { describePage, pageEntries } from './statement';
import type { Account } from './state';


const notFound = () => new UserError('not-found', STATEMENT_NOT_FOUND);

async function moneyStatement(ctx: Ctx, book: Book, key: string, query: Parameters<typeof pageEntries>[1], supplierView = false) {
  const { accumulate } = await ctx.config();
  const account = ctx.ledger.state().account(book, key);
  const page = pageEntries(account ? [account] : [], query, accumulate);
  return describePage(ctx.db.main, page, MONEY_SCALE, query.offset, { supplierView });
}

export default domain({
  'stock-balances': async (input, ctx) => {
    await ctx.ledger.entriesReady();
    const config = await ctx.config();
    const now = ctx.clock();
    return input.ids.map((id): StockBalanceRow => {
      const account = ctx.ledger.state().account(Book.Stock, id);
      const warehouses: Record<string, number> = {};
      for (const [name, v] of account?.warehouses ?? []) if (v !== 0) warehouses[name] = v / QTY_SCALE;
      const { closest } = ctx.ledger.expiry(id);
      return {
        id,
        balance: ctx.ledger.stock(id, input.warehouse === undefined ? undefined : { warehouse: input.warehouse }),
        warehouses,
        ...(closest === undefined ? {} : { closest_expiry: closest }),
        expiring: isExpiringSoon(closest, now, config.expiryTreshold),
      };
    });
  },

  'expiring-items': async (input, ctx) => {
    await ctx.ledger.entriesReady();
    return expiringItems(ctx, input);
  },

  'stock-statement': async (input, ctx) => {
    await ctx.ledger.entriesReady();
    const ids = [...new Set((Array.isArray(input.items) ? input.items : input.items.split(ITEM_IDS_SEPARATOR)).filter(Boolean))];
    const items = await readDocs(ctx.db.main, ids);
    const found = ids.filter((id) => items.get(id)?.stores === 'item');
    if (!found.length) throw notFound();
    const { accumulate } = await ctx.config();
    const accounts = found.map((id) => ctx.ledger.state().account(Book.Stock, id)).filter((a): a is Account => !!a);
    const keep = input.warehouse === undefined ? undefined : (e: { warehouse: string }) => e.warehouse === input.warehouse;
    const page = pageEntries(accounts, input, accumulate, keep);
    const described = await describePage(ctx.db.main, page, QTY_SCALE, input.offset);
    const rows: StockStatementRow[] = described.rows.map((row, i) => {
      const entry = page.rows[i].entry;
      const item = items.get(entry.account.key);
      return { ...row, item: { id: entry.account.key, name: String(item?.name ?? '') }, warehouse: entry.warehouse };
    });
    // Each item's own ends: a balance of bread plus noodles is no balance.
    const ends: ItemEnds[] = found.map((id) => {
      const account = accounts.find((a) => a.key === id);
      const own = account ? pageEntries([account], { ...input, offset: 0, limit: 0 }, accumulate, keep) : { opening: 0, closing: 0 };
      return { id, name: String(items.get(id)?.name ?? ''), opening: own.opening / QTY_SCALE, closing: own.closing / QTY_SCALE };
    });
    const { opening, closing, ...rest } = described;
    const result: StockStatementPage = { ...rest, rows, items: ends, ...(found.length === 1 ? { opening, closing } : {}) };
    return result;
  },

  'client-statement': async (input, ctx) => {
    await ctx.ledger.entriesReady();
    const client = (await readDocs(ctx.db.main, [input.account])).get(input.account);
    if (client?.stores !== 'customer' && client?.stores !== 'supplier') throw notFound();
    return moneyStatement(ctx, Book.Client, input.account, input, input.view === 'supplier');
  },
});
