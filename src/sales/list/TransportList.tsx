/** /transportation, 'Transportation Charges' (document 000): sales and purchases with transport. */
import { useState } from 'react';
import { quickRange } from '../../../commands/lib/dates';
import type { TransportRow } from '../../../commands/sales';
import type { ScreenProps } from '../../screen';
import { useConfig } from '../../config';
import { Link } from '../../router';
import type { Column } from '../../table/columns';
import { DataTable } from '../../table/DataTable';
import { DateRangeButton } from '../../ui/DateRangeDialog';

/** The empty text as spelled in the product. */
export const NO_TRANSPORT = 'Epty';

const linkOf = (r: TransportRow) => (r.kind === 'sale' ? `/sales/invoice/${r._id}` : `/purchases/invoice/${r._id}`);

const COLUMNS: Column<TransportRow>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'invoice_number', title: 'Invoice ID', render: (r) => <Link to={linkOf(r)}>{r.invoice_number}</Link>, text: (r) => r.invoice_number },
  { key: 'date', title: 'Date', kind: 'date' },
  { key: 'transaction', title: 'Transaction' },
  { key: 'client', title: 'Customer/Supplier' },
  { key: 'advanced', title: 'Advanced', kind: 'money', total: true },
  { key: 'advancePayer', title: 'Advanced Paid By' },
  { key: 'balance', title: 'Balance', kind: 'money', total: true },
  { key: 'balancePayer', title: 'Balance Paid By' },
  { key: 'total', title: 'Total', kind: 'money', total: true },
];

export function TransportList({ title }: ScreenProps) {
  const cfg = useConfig();
  const [range, setRange] = useState(() => quickRange('month', Date.now()));
  return (
    <section className="screen">
      <h1>{title}</h1>
      <div className="actions">
        <DateRangeButton value={range} onChange={setRange} />
      </div>
      <DataTable
        command="transport-list"
        filters={{}}
        range={range}
        columns={COLUMNS}
        rowLink={linkOf}
        emptyText={NO_TRANSPORT}
        title={title}
        colorCode={cfg.colorCode}
        testId="transport-table"
      />
    </section>
  );
}
