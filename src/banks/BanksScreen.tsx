/**
 * /banks (document 000 'Banks screen'): New bank (hidden in read-only mode); every bank with S/N, Name,
 * Account name, Account number, Payments (money paid in over the range), Balance and a link to its statement;
 * the summary (banks, total deposit, total balance) over the range, default this week, for the levels of the
 * summary-visibility setting.
 */
import { useState } from 'react';
import { BANK_MESSAGES, type BankSummary, type BankTableRow } from '../../commands/banks';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { NewBankModal } from './NewBankModal';

const COLUMNS: Column<BankTableRow>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'name', title: 'Name' },
  { key: 'account_name', title: 'Account name' },
  { key: 'account_number', title: 'Account number' },
  { key: 'payments', title: 'Payments', kind: 'money' },
  { key: 'balance', title: 'Balance', kind: 'money' },
  { key: 'action', title: 'Statement', sortable: false, render: (r) => <Link to={`/banks/${r._id}`}>Statement</Link>, text: () => '' },
];

export function BanksScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const [range, setRange] = useState<DateRange>(() => quickRange('week', Date.now()));
  const [summary, setSummary] = useState<BankSummary | undefined>();
  const [creating, setCreating] = useState(false);
  const money = (n: number) => formatMoney(n, cfg.currency);

  return (
    <section className="screen" data-testid="banks-screen">
      <h1>{title}</h1>
      <div className="screen-actions">
        <DateRangeButton value={range} onChange={setRange} />
        {!readOnly && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-bank">
            New bank
          </button>
        )}
      </div>
      {summary && (
        <dl className="totals" data-testid="banks-summary">
          <dt>Banks</dt>
          <dd data-testid="bank-count">{summary.banks}</dd>
          <dt>Total deposit</dt>
          <dd data-testid="total-deposit">{money(summary.deposit)}</dd>
          <dt>Total balance</dt>
          <dd data-testid="total-balance">{money(summary.balance)}</dd>
        </dl>
      )}
      <DataTable
        command="banks-list"
        filters={{}}
        range={range}
        columns={COLUMNS}
        title={title}
        rowLink={(r) => `/banks/${r._id}`}
        emptyText={BANK_MESSAGES.empty}
        onPage={(p) => setSummary((p as { summary?: BankSummary }).summary)}
        testId="banks-table"
      />
      <NewBankModal open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
