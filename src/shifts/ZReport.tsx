/** The Z-report of a shift: the drawer (float, cash by source, expected, counted, difference) and the sales. */
import { formatDateTime } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import type { ShiftReport } from '../../commands/shifts';

/** Rows whose value is words (who, when), not an amount: they may wrap; amounts never do. */
const TEXT_ROWS = new Set(['Till', 'Opened', 'Closed', 'First invoice', 'Last invoice']);

export function ZReport({ report, business, currency }: { report: ShiftReport; business: string; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  const r = report;
  const rows: [string, string][] = [
    ['Till', r.till],
    ['Opened', `${formatDateTime(r.opened_at)} · ${r.opened_by}`],
    ['Closed', r.closed_at ? `${formatDateTime(r.closed_at)} · ${r.closed_by}` : 'Still open'],
    ['Opening float', money(r.float)],
    ['Cash sales', money(r.cash.sales)],
    ['Cash payments in', money(r.cash.payments_in)],
    ['Cash paid out', money(r.cash.payments_out)],
    ['Cash expenses', money(r.cash.expenses)],
    ['Cash returns', money(r.cash.returns)],
    ['Other cash', money(r.cash.other)],
    ['Expected cash', money(r.expected)],
    ...(r.counted !== undefined ? ([['Counted cash', money(r.counted)], ['Difference', money(r.difference ?? 0)]] as [string, string][]) : []),
  ];
  const sales: [string, string][] = [
    ['Number of sales', String(r.z.sales_count)],
    ['First invoice', r.z.first_invoice ?? '–'],
    ['Last invoice', r.z.last_invoice ?? '–'],
    ['Paid in cash', money(r.z.by_medium.cash)],
    ['Paid into banks', money(r.z.by_medium.bank)],
    ['On credit', money(r.z.by_medium.credit)],
    ['Total sales', money(r.z.total)],
    ['Discounts', money(r.z.discounts)],
    ['VAT', money(r.z.vat)],
    ['Returns', money(r.z.returns)],
    ['Expenses', money(r.z.expenses)],
  ];
  const table = (caption: string, body: [string, string][]) => (
    <table className="z-table">
      <caption>{caption}</caption>
      <tbody>
        {body.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td className={TEXT_ROWS.has(k) ? 'z-text' : 'num'}>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      <h2 className="z-title">
        {business} · Z-report{r.overnight ? ' · open past midnight' : ''}
      </h2>
      {table('Drawer', rows)}
      {table('Sales', sales)}
    </>
  );
}
