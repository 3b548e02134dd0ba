/**
 * /banks/{id}: a bank's (or, for 'cash', the cash account's) ledger, titled with the bank's name and account
 * number; a date range (Today, This week, This month; default this month); opening and closing balances;
 * colour coding by the setting; Print (all rows, landscape) and CSV. An unknown id goes to /not-found.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MoneyRow, StatementPage } from '../../commands/ledger';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { useLive } from '../live';
import { notFound } from '../router';
import type { ScreenProps } from '../screen';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { ledgerColumns } from './ledger-columns';

export function BankStatement({ params }: ScreenProps) {
  const cfg = useConfig();
  const bank = useLive('bank-get', { id: params.id });
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [ends, setEnds] = useState<{ opening: number; closing: number } | null>(null);
  const columns = useMemo(() => ledgerColumns(cfg.showActor, cfg.currency), [cfg.showActor, cfg.currency]);
  const missing = !bank.loading && (!!bank.error || bank.data === null);
  useEffect(() => {
    if (missing) notFound();
  }, [missing]);

  const b = bank.data;
  if (!b) return <section className="screen" aria-busy="true" />;
  const title = b.account_number ? `${b.name} (${b.account_number})` : b.name;
  const money = (n: number) => formatMoney(n, cfg.currency);
  return (
    <section className="screen" data-testid="bank-statement">
      <h1 data-testid="statement-title">{title}</h1>
      {b.account_name && <p className="screen-subtitle">{b.account_name}</p>}
      <div className="screen-actions">
        <DateRangeButton value={range} onChange={setRange} />
        <span data-testid="bank-balance">Balance: {money(b.balance)}</span>
        {ends && (
          <span data-testid="statement-ends">
            Opening balance: {money(ends.opening)} · Closing balance: {money(ends.closing)}
          </span>
        )}
      </div>
      <DataTable
        command="bank-statement"
        filters={{ account: b._id }}
        range={range}
        columns={columns}
        title={`Statement of ${title}`}
        rowKey={(r: MoneyRow) => r.id}
        rowLink={(r) => r.route}
        colorCode={cfg.colorCode}
        searchable={false}
        csvName={`${b.name}-statement.csv`}
        onPage={(p) => {
          const s = p as StatementPage<MoneyRow>;
          setEnds({ opening: s.opening, closing: s.closing });
        }}
        testId="statement-table"
      />
    </section>
  );
}
