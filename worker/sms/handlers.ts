/** sms-balance and sms-log: the derived balance and the log of messages, both from the in-memory SMS book. */
import { domain } from '../registry';
import { tablePage } from '../table/engine';
import { smsBalance, smsLogRows, spentThisMonth } from './book';

export default domain({
  'sms-balance': async (_input, ctx) => {
    const balance = await smsBalance(ctx);
    return { balance, spentThisMonth: spentThisMonth(await smsLogRows(ctx), ctx.clock()) };
  },

  'sms-log': async (input, ctx) => {
    const rows = await smsLogRows(ctx);
    const balance = await smsBalance(ctx);
    const page = tablePage(rows, input, {
      search: (r) => [r.recipient, r.message, r.status, r.reason, r.kind],
      date: (r) => r.date,
    });
    return { ...page, summary: { balance, spentThisMonth: spentThisMonth(rows, ctx.clock()) } };
  },
});
