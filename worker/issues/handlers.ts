/**
 * Issue out and receive (Production): validate in the spec's order, ask for the debt confirmation when paid
 * is below due, then write the issue and its issue_item lines in one bulk write.
 */
import { MAIN_STORE, type IssueDoc, type LineItem, type MovementLineDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseNegative } from '../../commands/rules/money';
import { refuseImplausibleDate } from '../plausible-date';
import { childId } from '../../commands/lib/ids';
import { formatMoney, mulMoney, parseMoney, sumMoney } from '../../commands/lib/money';
import { summaryOf } from '../../commands/lib/summary';
import { DEBT_CODE, debtMessage, ISSUE_MESSAGES } from '../../commands/issues';
import { parseQuantity } from '../items/fields';
import { domain } from '../registry';
import { stampOf } from '../acting-user';
import { checkAmount, checkLine } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { lineUnit, loadItems } from '../items/units';
import { baseQuantity } from '../../commands/lib/units';
import { writeAllOr } from '../writes';

export default domain(
  {
    'issue-create': async (input, ctx) => {
      const collector = { name: String(input.collector?.name ?? '').trim(), ref: input.collector?.ref };
      if (!collector.name) throw new UserError('issue-collector', ISSUE_MESSAGES.collector);
      if (!input.items?.length) throw new UserError('issue-items', ISSUE_MESSAGES.noItems);
      if (!input.date || !Number.isFinite(input.date)) throw new UserError('issue-date', ISSUE_MESSAGES.noDate);
      refuseImplausibleDate(input.date, ctx.clock(), 'issue-date', 'Date');
      if (input.items.some((l) => !String(l.name ?? '').trim() || !l.id)) throw new UserError('issue-item', ISSUE_MESSAGES.itemName);
      // Issued or received in any unit (issue 28): the factor comes from the stored item.
      const stored = await loadItems(ctx, input.items.map((l) => l.id));
      const items: LineItem[] = input.items.map((l) => ({
        id: l.id,
        name: String(l.name).trim(),
        quantity: parseQuantity(l.quantity),
        price: parseMoney(l.price ?? 0),
        ...(stored.get(l.id) ? lineUnit(stored.get(l.id)!, l.unit, 'issue-unit').fields : {}),
        ...(l.group ? { group: l.group } : {}),
        ...(l.variation ? { variation: l.variation } : {}),
        ...(l.available !== undefined ? { available: l.available } : {}),
      }));
      const bad = items.find((l) => l.quantity <= 0);
      if (bad) throw new UserError('issue-quantity', `You cannot issue less than one of ${bad.name}`);
      items.forEach(checkLine);

      const total_due = sumMoney(items.map((l) => mulMoney(l.price, l.quantity)));
      const amount_paid = refuseNegative(checkAmount(parseMoney(input.amount_paid ?? 0), 'Amount paid'), 'Amount paid');
      if (amount_paid < total_due && !input.acceptDebt) {
        const { currency } = await ctx.config();
        throw new UserError(DEBT_CODE, debtMessage(formatMoney(amount_paid, currency), formatMoney(total_due, currency)));
      }

      const user = stampOf(ctx);
      const id = ctx.newId('issue');
      const warehouse = input.warehouse || MAIN_STORE;
      const receive = input.direction === 'receive';
      const summary = summaryOf('Issue', [...new Set(items.map((l) => l.name))]);
      // In base units (issue 28), as the ledger counts them.
      const total_quantity = items.reduce((n, l) => n + baseQuantity(l), 0);
      const issue: IssueDoc = {
        _id: id,
        stores: 'issue',
        user,
        collector,
        customFields: input.customFields ?? {},
        ...(receive ? { to: warehouse } : { from: warehouse }),
        items,
        details: String(input.details ?? '').trim(),
        date: input.date,
        total_quantity,
        summary,
        amount_paid,
        total_due,
        direction: receive ? 'receive' : 'issue-out',
      };
      const lines: MovementLineDoc[] = items.map((l, i) => ({
        ...l,
        _id: childId(id, i),
        stores: 'issue_item',
        to: warehouse,
        date: input.date,
        user,
        factor: receive ? 1 : -1,
        transaction: { ref: id, client: collector.name, summary },
      }));
      checkLimits(issue, ...lines);
      await writeAllOr(ctx.db.main, [issue, ...lines], (reason) => new UserError('issue-failed', `The issue was not saved: ${reason}`));
      return { id, summary, total_quantity, total_due };
    },
  },
  { writes: ['issue-create'] },
);
