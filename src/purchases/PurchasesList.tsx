/** /purchases, 'Bought': one row per purchased line on the shared data table, with a date range and totals. */
import { useState } from 'react';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { PURCHASE_MESSAGES, type PurchaseListSummary, type PurchaseRow } from '../../commands/purchases';
import { useConfig } from '../config';
import { Link, navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';

const shows = (placement: string) => placement === 'purchases' || placement === 'both';

export function PurchasesList({ title }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  // The spec is silent on the list's default range; this month is what a shop owner checks most.
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [summary, setSummary] = useState<PurchaseListSummary>({ items: 0, total: 0 });

  const columns: Column<PurchaseRow>[] = [
    { key: 'sn', title: 'S/N', kind: 'serial' },
    { key: 'invoice_number', title: 'Invoice ID', render: (r) => <Link to={`/purchases/invoice/${r.purchaseId}`}>{r.invoice_number}</Link> },
    { key: 'date', title: 'Date', kind: 'date' },
    { key: 'supplier', title: 'Supplier', render: (r) => (r.supplierRef ? <Link to={`/supplier/${r.supplierRef}`}>{r.supplier}</Link> : r.supplier) },
    { key: 'phone_number', title: 'Phone number' },
    { key: 'description', title: 'Description', identifies: true },
    { key: 'quantity', title: 'Quantity', kind: 'number', total: true },
    { key: 'price', title: 'Price', kind: 'money' },
    { key: 'total', title: 'Total', kind: 'money', total: true },
  ];
  if (shows(cfg.truckNumber)) columns.push({ key: 'truck_number', title: 'Truck number' });
  if (cfg.showActor) columns.push({ key: 'user', title: 'User' });

  return (
    <section className="screen" data-testid="purchases-list">
      <h1>{title}</h1>
      <div className="screen-actions">
        <DateRangeButton value={range} onChange={setRange} />
        {!readOnly && (
          <button type="button" className="btn btn-primary" onClick={() => navigate('/purchases/new')}>
            New purchase
          </button>
        )}
      </div>
      <dl className="totals" data-testid="purchases-summary">
        <dt>Items purchased</dt>
        <dd data-testid="items-purchased">{summary.items}</dd>
        <dt>Total purchases</dt>
        <dd data-testid="total-purchases">{formatMoney(summary.total, cfg.currency)}</dd>
      </dl>
      <DataTable
        command="purchases-list"
        filters={{}}
        range={range}
        columns={columns}
        rowKey={(r) => r.key}
        rowLink={(r) => `/purchases/invoice/${r.purchaseId}`}
        emptyText={PURCHASE_MESSAGES.empty}
        title={title}
        defaultSort={{ key: 'date', dir: 'desc' }}
        onPage={(p) => setSummary({ items: p.summary?.items ?? 0, total: p.summary?.total ?? 0 })}
        testId="purchases-table"
      />
    </section>
  );
}
