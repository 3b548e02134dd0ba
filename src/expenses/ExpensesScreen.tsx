/**
 * /expenses (document 001 'Expenses'): New expense (hidden in read-only mode) opening the creation modal; the
 * table S/N, Date, Amount, Purpose, Category, Action (to /expenses/{id}/); the empty state with Add expense; the
 * summary 'Expenses' and 'Total Amount' and the totals per category, for the levels of the summary-visibility
 * setting. Range default this month.
 */
import { useState } from 'react';
import { EXPENSE_MESSAGES, type CategoryTotal, type ExpenseRow, type ExpenseSummary } from '../../commands/expenses';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { NewExpenseModal } from './NewExpenseModal';

export function ExpensesScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [summary, setSummary] = useState<{ summary?: ExpenseSummary; categories?: CategoryTotal[] }>({});
  const [creating, setCreating] = useState(false);
  const money = (n: number) => formatMoney(n, cfg.currency);

  const columns: Column<ExpenseRow>[] = [
    { key: 'sn', title: 'S/N', kind: 'serial' },
    { key: 'date', title: 'Date', kind: 'date' },
    { key: 'amount', title: 'Amount', kind: 'money', total: true },
    { key: 'purpose', title: 'Purpose' },
    { key: 'category', title: 'Category' },
    { key: 'source', title: 'Paid from' },
    ...(cfg.showActor ? [{ key: 'user', title: 'User' } as Column<ExpenseRow>] : []),
    { key: 'action', title: 'Action', sortable: false, render: (r) => <Link to={`/expenses/${r._id}/`}>View</Link>, text: () => '' },
  ];
  const add = readOnly ? null : (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="add-expense">
      Add expense
    </button>
  );

  return (
    <section className="screen" data-testid="expenses-screen">
      <h1>{title}</h1>
      <div className="screen-actions">
        <DateRangeButton value={range} onChange={setRange} />
        {!readOnly && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="new-expense">
            New expense
          </button>
        )}
      </div>
      {summary.summary && (
        <dl className="totals" data-testid="expenses-summary">
          <dt>Expenses</dt>
          <dd data-testid="expense-count">{summary.summary.count}</dd>
          <dt>Total Amount</dt>
          <dd data-testid="expense-total">{money(summary.summary.total)}</dd>
          {summary.categories?.map((c) => (
            <div key={c.category} style={{ display: 'contents' }}>
              <dt>{c.category}</dt>
              <dd data-testid={`category-${c.category}`}>{money(c.total)}</dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        command="expenses-list"
        filters={{}}
        range={range}
        columns={columns}
        title={title}
        rowLink={(r) => `/expenses/${r._id}`}
        emptyText={EXPENSE_MESSAGES.empty}
        emptyAction={add}
        defaultSort={{ key: 'date', dir: 'desc' }}
        csvName="expenses.csv"
        onPage={(p) => setSummary({ summary: (p as { summary?: ExpenseSummary }).summary, categories: (p as { categories?: CategoryTotal[] }).categories })}
        testId="expenses-table"
      />
      <NewExpenseModal open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
