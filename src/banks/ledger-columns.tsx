/**
 * The columns of a bank or cash account ledger (document 001 'Bank or cash account ledger'), shared by the bank
 * statement and the cashbook: S/N, Date, Description, Details, Invoice/Teller number linking to the source,
 * Debit, Credit, Balance, and User when show-initiator (showActor) is on. Debit is green and credit red when the
 * table's colour coding is on. Rows are in date order with a running balance, so no column sorts.
 */
import type { MoneyRow } from '../../commands/ledger';
import { formatMoney } from '../../commands/lib/money';
import { Link } from '../router';
import type { Column } from '../table/columns';

export function ledgerColumns(showActor: boolean, currency: string): Column<MoneyRow>[] {
  // An empty cell reads better than a column of zeros.
  const money = (n: number) => (n ? formatMoney(n, currency) : '');
  const columns: Column<MoneyRow>[] = [
    { key: 'sn', title: 'S/N', kind: 'serial' },
    { key: 'date', title: 'Date', kind: 'date', sortable: false },
    { key: 'description', title: 'Description', sortable: false },
    { key: 'details', title: 'Details', sortable: false },
    {
      key: 'invoice',
      title: 'Invoice/Teller number',
      sortable: false,
      // Rows without a number still link to their source (an expense, a payment without a teller).
      render: (r) => (r.route ? <Link to={r.route}>{r.invoice || 'View'}</Link> : (r.invoice ?? '')),
      text: (r) => r.invoice ?? '',
    },
    { key: 'debit', title: 'Debit', kind: 'money', tone: 'debit', sortable: false, total: true, text: (r) => money(r.debit) },
    { key: 'credit', title: 'Credit', kind: 'money', tone: 'credit', sortable: false, total: true, text: (r) => money(r.credit) },
    { key: 'balance', title: 'Balance', kind: 'money', sortable: false },
  ];
  if (showActor) columns.push({ key: 'user', title: 'User', sortable: false });
  return columns;
}

