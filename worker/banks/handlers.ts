/**
 * bank-list (selectors), banks-list (the banks screen), bank-get, bank-statement (a bank's or the cash
 * account's ledger) and bank-create (with its start balance entry).
 */
import { BANK_MESSAGES, CASH_NAME } from '../../commands/banks';
import type { BankDoc, PaymentDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { CASH_ACCOUNT, STATEMENT_NOT_FOUND } from '../../commands/ledger';
import { parseMoney } from '../../commands/lib/money';
import { stampOf } from '../acting-user';
import { domain } from '../registry';
import { findBank, listBanks } from './bank-index';
import { moneyLedger } from './statement';
import { banksTable } from './table';
import { checkAmount } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { writeAllOr } from '../writes';

export default domain(
  {
    'bank-list': (_input, ctx) => listBanks(ctx),

    'banks-list': (input, ctx) => banksTable(ctx, input),

    'bank-get': async (input, ctx) => {
      await ctx.ledger.ready();
      if (input.id === CASH_ACCOUNT) return { _id: CASH_ACCOUNT, name: CASH_NAME, account_name: '', account_number: '', balance: ctx.ledger.bank(CASH_ACCOUNT) };
      const bank = await findBank(ctx, input.id);
      return bank ? { ...bank, balance: ctx.ledger.bank(bank._id) } : null;
    },

    'bank-statement': async (input, ctx) => {
      await ctx.ledger.entriesReady();
      if (input.account !== CASH_ACCOUNT && !(await findBank(ctx, input.account))) throw new UserError('not-found', STATEMENT_NOT_FOUND);
      return moneyLedger(ctx, input.account, input);
    },

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
        balance: checkAmount(parseMoney(input.balance), 'Opening balance'),
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
      checkLimits(...docs);
      await writeAllOr(ctx.db.main, docs, () => new UserError('bank-create', BANK_MESSAGES.createFailed));
      return { id: bank._id };
    },
  },
  { writes: ['bank-create'] },
);
