/**
 * /sales, 'Sold' (document 000 'Sales list'): one row per sold line on the shared data table with a date range;
 * truck, user and time columns by the settings; profit columns and the summary only for the levels allowed.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { visibleTo } from '../../../commands/config';
import { quickRange } from '../../../commands/lib/dates';
import { formatMoney } from '../../../commands/lib/money';
import type { SoldRow } from '../../../commands/sales';
import type { TablePage } from '../../../commands/table';
import type { ScreenProps } from '../../screen';
import { useConfig } from '../../config';
import { Link } from '../../router';
import { useReadOnly, useSession } from '../../session';
import type { Column } from '../../table/columns';
import { DataTable } from '../../table/DataTable';
import { DateRangeButton } from '../../ui/DateRangeDialog';

export const NO_SALES = 'You are yet to make any sale.';

export function SalesList({ title }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const readOnly = useReadOnly();
  const [range, setRange] = useState(() => quickRange('month', Date.now()));
  const [summary, setSummary] = useState<TablePage<SoldRow>['summary']>();
  const level = user?.level ?? 4;
  const profits = visibleTo(cfg.profitVisibility, level);
  const money = (n: number | undefined) => formatMoney(n ?? 0, cfg.currency);

  const columns: Column<SoldRow>[] = [
    { key: 'sn', title: 'S/N', kind: 'serial' },
    { key: 'invoice_number', title: 'Invoice ID', render: (r) => <Link to={`/sales/invoice/${r.sale}`}>{r.invoice_number}</Link>, text: (r) => r.invoice_number },
    { key: 'date', title: 'Date', kind: 'date' },
    cfg.customerRequired
      ? { key: 'customer', title: 'Customer' }
      : { key: 'time', title: 'Time', sortKey: 'date', value: (r) => dayjs(r.date).format('h:mm A') },
    { key: 'phone_number', title: 'Phone number' },
    { key: 'description', title: 'Description', identifies: true },
    { key: 'quantity', title: 'Quantity', kind: 'number', total: true },
    { key: 'price', title: 'Sales price', kind: 'money' },
    { key: 'total', title: 'Total', kind: 'money', total: true },
  ];
  if (cfg.truckNumber === 'sales' || cfg.truckNumber === 'both') columns.push({ key: 'truck_number', title: 'Truck number' });
  if (cfg.showActor) columns.push({ key: 'user', title: 'User' });
  if (profits) {
    columns.push(
      { key: 'cost_price', title: 'Average cost price', kind: 'money' },
      { key: 'margin', title: 'Margin %', kind: 'number' },
      { key: 'profit', title: 'Total profit', kind: 'money', total: true },
    );
  }

  return (
    <section className="screen">
      <h1>{title}</h1>
      <div className="actions">
        <DateRangeButton value={range} onChange={setRange} />
        {!readOnly && (
          <Link className="btn btn-primary" to={cfg.salesType === 'quick' ? '/sales/quick' : '/sales/new'}>
            New sale
          </Link>
        )}
      </div>
      {visibleTo(cfg.summaryVisibility, level) && summary && (
        <dl className="summary-cards" data-testid="sales-summary">
          <div>
            <dt>Items sold</dt>
            <dd>{summary.items ?? 0}</dd>
          </div>
          <div>
            <dt>Total amount</dt>
            <dd>{money(summary.amount)}</dd>
          </div>
          {profits && (
            <div>
              <dt>Total profit</dt>
              <dd>{money(summary.profit)}</dd>
            </div>
          )}
        </dl>
      )}
      <DataTable
        command="sales-list"
        filters={{}}
        range={range}
        columns={columns}
        rowLink={(r) => `/sales/invoice/${r.sale}`}
        emptyText={NO_SALES}
        title={title}
        colorCode={cfg.colorCode}
        onPage={(p) => setSummary(p.summary)}
        testId="sales-table"
      />
    </section>
  );
}
