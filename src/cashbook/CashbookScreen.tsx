/**
 * /cashbook (document 001 'Cashbook'), where every sign-in lands: the day at a glance (./DayGlance.tsx), the cash in the drawer, money in
 * and out over the range (for the levels of the summary-visibility setting), and every cash movement of the
 * range (default today) with a link to its source: /payment/invoice/{id}, /sales/invoice/{id},
 * /purchase/invoice/{id}, /expenses/{id}. Print (all rows, landscape) and CSV. Customer payment and Supplier
 * payment (hidden in read-only mode) open the client payment dialog of the customers screens: one payment path.
 */
import { useMemo, useState } from 'react';
import { CASHBOOK_MESSAGES, type CashbookPage } from '../../commands/cashbook';
import { CASH_ACCOUNT, type MoneyRow } from '../../commands/ledger';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import type { ClientKind } from '../../commands/clients';
import { ledgerColumns } from '../banks/ledger-columns';
import { PaymentDialog } from '../clients/PaymentDialog';
import { useConfig } from '../config';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { DayGlance } from './DayGlance';

export function CashbookScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const [paying, setPaying] = useState<ClientKind | null>(null);
  const [range, setRange] = useState<DateRange>(() => quickRange('today', Date.now()));
  const [page, setPage] = useState<CashbookPage | null>(null);
  const columns = useMemo(() => ledgerColumns(cfg.showActor, cfg.currency), [cfg.showActor, cfg.currency]);
  const money = (n: number) => formatMoney(n, cfg.currency);

  return (
    <section className="screen" data-testid="cashbook">
      <h1>{title}</h1>
      <div className="screen-actions">
        <DateRangeButton value={range} onChange={setRange} />
        <Link to="/shifts" className="btn" data-testid="shifts-link">
          Shifts
        </Link>
        {!readOnly && (
          <>
            <button type="button" className="btn btn-primary" onClick={() => setPaying('customer')} data-testid="customer-payment">
              Customer payment
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setPaying('supplier')} data-testid="supplier-payment">
              Supplier payment
            </button>
          </>
        )}
        <Link to={`/banks/${CASH_ACCOUNT}`} className="btn">
          Cash account ledger
        </Link>
      </div>
      <DayGlance />
      <dl className="totals" data-testid="cashbook-summary">
        <dt>Cash balance</dt>
        <dd data-testid="cash-balance">{page ? money(page.cash) : '…'}</dd>
        {page?.summary && (
          <>
            <dt>Money in</dt>
            <dd data-testid="cash-in">{money(page.summary.in)}</dd>
            <dt>Money out</dt>
            <dd data-testid="cash-out">{money(page.summary.out)}</dd>
          </>
        )}
        {page && page.total > 0 && (
          <>
            <dt>Opening balance</dt>
            <dd data-testid="cash-opening">{money(page.opening)}</dd>
          </>
        )}
      </dl>
      <DataTable
        command="cashbook-list"
        filters={{}}
        range={range}
        columns={columns}
        title={title}
        rowKey={(r: MoneyRow) => r.id}
        rowLink={(r) => r.route}
        emptyText={CASHBOOK_MESSAGES.empty}
        colorCode={cfg.colorCode}
        searchable={false}
        csvName="cashbook.csv"
        onPage={(p) => setPage(p as CashbookPage)}
        testId="cashbook-table"
      />
      <PaymentDialog open={paying !== null} kind={paying ?? 'customer'} onClose={() => setPaying(null)} />
    </section>
  );
}
