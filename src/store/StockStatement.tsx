/**
 * /store/{items}: the stock statement of one item, or of several (ids joined by '--') with an Item column.
 * Date range with Today, This week, This month (default this month). A missing item goes to /not-found.
 */
import { useEffect, useMemo, useState } from 'react';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import { ITEM_IDS_SEPARATOR, type ItemEnds, type StockStatementPage, type StockStatementRow } from '../../commands/ledger';
import { dispatch } from '../bus';
import { notFound } from '../router';
import type { ScreenProps } from '../screen';
import { DataTable } from '../table/DataTable';
import type { Column } from '../table/columns';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { describe } from '../ui/ItemPicker';
import type { ItemView } from '../../commands/items';
import { bothWays } from '../../commands/lib/units';

/** A stock quantity as a count: '12', '2.5', never money's '12.00'. */
const quantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });

export function StockStatement({ params }: ScreenProps) {
  const ids = useMemo(() => (params.items ?? '').split(ITEM_IDS_SEPARATOR).filter(Boolean), [params.items]);
  const [names, setNames] = useState<string[] | null>(null);
  const [units, setUnits] = useState<Pick<ItemView, 'unit' | 'units'> | null>(null);
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [ends, setEnds] = useState<ItemEnds[] | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all(ids.map((id) => dispatch('item-get', { id }))).then((replies) => {
      if (!live) return;
      const items = replies.map((r) => (r.ok ? r.value : null));
      if (!ids.length || items.some((i) => !i)) return notFound();
      setNames(items.map((i) => describe(i!)));
      // One item with pack units: its closing balance is shown both ways too (issue 28).
      setUnits(items.length === 1 && items[0]!.units?.length ? items[0]! : null);
    });
    return () => {
      live = false;
    };
  }, [ids]);

  const several = ids.length > 1;
  const columns = useMemo<Column<StockStatementRow>[]>(
    () => [
      { key: 'sn', title: 'S/N', kind: 'serial', sortable: false },
      { key: 'date', title: 'Date', kind: 'date' },
      ...(several ? [{ key: 'item.name', title: 'Item' } as Column<StockStatementRow>] : []),
      { key: 'description', title: 'Description', sortable: false },
      { key: 'details', title: 'Details', sortable: false },
      { key: 'invoice', title: 'Invoice', sortable: false },
      { key: 'debit', title: 'In', kind: 'number', sortable: false, total: true },
      { key: 'credit', title: 'Out', kind: 'number', sortable: false, total: true },
      { key: 'balance', title: 'Balance', kind: 'number', sortable: false },
    ],
    [several],
  );

  if (!names) return <section className="screen" aria-busy="true" />;
  const title = several ? `Combined statement: ${names.join(', ')}` : `Statement of ${names[0]}`;
  return (
    <section className="screen">
      <h1 data-testid="statement-title">{title}</h1>
      <div className="store-toolbar">
        <DateRangeButton value={range} onChange={setRange} />
        {ends && (
          // Each item's own balances: quantities of different items never add up to one.
          <span data-testid="statement-ends">
            {ends.map((e, i) => (
              <span key={e.id} className="statement-end">
                {i > 0 && ' · '}
                {several && `${e.name}: `}Opening balance: {quantity(e.opening)} · Closing balance: {quantity(e.closing)}
                {units && <span data-testid="statement-both-ways"> ({bothWays(e.closing, units)})</span>}
              </span>
            ))}
          </span>
        )}
      </div>
      <DataTable
        command="stock-statement"
        filters={{ items: ids }}
        range={range}
        columns={columns}
        title={title}
        rowKey={(r) => `${r.id}:${r.item.id}`}
        onPage={(p) => setEnds((p as StockStatementPage).items ?? null)}
        testId="statement-table"
      />
    </section>
  );
}
