/** expense-create, expense-get, expenses-list, expense-delete (the shared delete policy and review). */
import { CASH_NAME } from '../../commands/banks';
import type { ExpenseDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseImplausibleDate } from '../plausible-date';
import { EXPENSE_MESSAGES } from '../../commands/expenses';
import { CASH_ACCOUNT } from '../../commands/ledger';
import { canReviewDeletion, decideDeletion } from '../../commands/lib/deletion';
import { parseMoney } from '../../commands/lib/money';
import { checkAmount } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { actingUser, stampOf } from '../acting-user';
import { findBank } from '../banks/bank-index';
import { deleteOrReview, loadTransaction } from '../deletion/transaction';
import { domain } from '../registry';
import { listExpenses, sourceName } from './list';
import { putDoc } from '../writes';

const KINDS = { kind: 'expense' } as const;

export default domain(
  {
    'expense-create': async (input, ctx) => {
      const user = stampOf(ctx);
      const amount = parseMoney(input.amount);
      if (!(amount > 0)) throw new UserError('expense-amount', EXPENSE_MESSAGES.amountRequired);
      checkAmount(amount, 'Amount');
      const description = String(input.description ?? '').trim();
      if (!description) throw new UserError('expense-purpose', EXPENSE_MESSAGES.purposeRequired);
      let source: ExpenseDoc['source'] = CASH_ACCOUNT;
      if (input.source !== CASH_ACCOUNT) {
        const bank = input.source ? await findBank(ctx, input.source) : undefined;
        if (!bank) throw new UserError('expense-source', EXPENSE_MESSAGES.sourceUnknown);
        source = { ref: bank._id, name: bank.name };
      }
      const category = String(input.category ?? '').trim();
      refuseImplausibleDate(input.date, ctx.clock(), 'expense-date', 'Expense date');
      const doc: ExpenseDoc = {
        _id: ctx.newId('expense'),
        stores: 'expense',
        amount,
        source,
        description,
        ...(category ? { category } : {}),
        date: typeof input.date === 'number' && Number.isFinite(input.date) ? input.date : ctx.clock(),
        user,
      };
      checkLimits(doc);
      try {
        await putDoc(ctx.db.main, doc as never);
      } catch {
        throw new UserError('expense-create', EXPENSE_MESSAGES.createFailed);
      }
      return { id: doc._id };
    },

    'expense-get': async (input, ctx) => {
      const user = actingUser(ctx);
      const found = await loadTransaction(ctx, input.id, KINDS).catch((e) => {
        if (e instanceof UserError && e.code === 'not-found') return null;
        throw e;
      });
      if (!found) return null;
      const expense = found.doc;
      const rules = await ctx.config();
      const target = { creator: expense.user?.username, date: expense.date, delete_pending: expense.delete_pending };
      return {
        expense,
        sourceName: typeof expense.source === 'object' ? sourceName(expense.source) : CASH_NAME,
        deletion: decideDeletion(rules, user, target, ctx.clock()),
        canReview: !!expense.delete_pending && canReviewDeletion(rules, user, target),
      };
    },

    'expenses-list': (input, ctx) => listExpenses(ctx, input),

    'expense-delete': (input, ctx) => deleteOrReview(ctx, input, KINDS),
  },
  { writes: ['expense-create', 'expense-delete'] },
);
