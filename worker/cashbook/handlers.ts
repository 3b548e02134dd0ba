/**
 * cashbook-list: the cash account's movements over a range, its balance now, and money in and out (summary);
 * day-glance: the landing page's day at a glance (./day-glance.ts).
 */
import { visibleTo } from '../../commands/config';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { actingUser } from '../acting-user';
import { moneyLedger, flows, rangeBounds } from '../banks/statement';
import { Book } from '../ledger/postings';
import { domain } from '../registry';
import { dayGlance } from './day-glance';

export default domain({
  'cashbook-list': async (input, ctx) => {
    const user = actingUser(ctx);
    await ctx.ledger.entriesReady();
    const cfg = await ctx.config();
    const { summary: _none, ...page } = await moneyLedger(ctx, CASH_ACCOUNT, input);
    const cash = ctx.ledger.bank(CASH_ACCOUNT);
    if (!visibleTo(cfg.summaryVisibility, user.level)) return { ...page, cash };
    const moved = flows(ctx.ledger.state().account(Book.Bank, CASH_ACCOUNT), rangeBounds(input, cfg.accumulate));
    return { ...page, cash, summary: moved };
  },
  'day-glance': (_input, ctx) => dayGlance(ctx),
});
