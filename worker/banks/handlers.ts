/** bank-list (from the in-memory bank index, see bank-index.ts) and bank-create (with its start balance entry). */
import { BANK_MESSAGES } from '../../commands/banks';
import type { BankDoc, PaymentDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { parseMoney } from '../../commands/lib/money';
import { domain } from '../registry';
import { listBanks } from './bank-index';
import { stampOf } from '../acting-user';

export default domain(
  {
    'bank-list': (_input, ctx) => listBanks(ctx),

    'bank-create': async (input, ctx) => {
      const name = String(input.name ?? '').trim();
      if (!name) throw new UserError('bank-name', BANK_MESSAGES.nameRequired);
      const user = stampOf(ctx);
      const date = ctx.clock();
      const bank: BankDoc = {
        _id: ctx.newId('bank'),
        stores: 'bank',
        name,
        account_name: String(input.account_name ?? '').trim(),
        account_number: String(input.account_number ?? '').trim(),
        balance: parseMoney(input.balance),
        date,
        user,
      };
      const docs: (BankDoc | PaymentDoc)[] = [bank];
      if (bank.balance) {
        // Document 000 section 5: only when non-zero; a positive value gets factor -1 (money in), amount absolute.
        docs.push({
          _id: ctx.newId('payment'),
          stores: 'payment',
          factor: bank.balance > 0 ? -1 : 1,
          amount: Math.abs(bank.balance),
          medium: { ref: bank._id, name },
          details: 'Start balance',
          exclude: true,
          date,
          user,
        });
      }
      const results = await ctx.db.main.bulkDocs(docs as never[]);
      if (results.some((r) => 'error' in r && r.error)) throw new UserError('bank-create', BANK_MESSAGES.createFailed);
      return { id: bank._id };
    },
  },
  { writes: ['bank-create'] },
);
