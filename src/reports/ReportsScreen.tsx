/**
 * /reports (issue 30): pick a report and a range (Today, This week, This month, Last month, or custom dates),
 * read its totals and its chart, page through its rows on the shared data table, print them (landscape, every
 * column, totals) or export them as CSV. One live read, 'report-rows': the worker builds the report from its
 * indexes and answers one page; the chart and the totals come with the page.
 *
 * The report and range are in the address (?report=vat&range=last-month), so Back and a bookmark keep them.
 */
import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { visibleTo } from '../../commands/config';
import { formatDate, quickRange, type DateRange } from '../../commands/lib/dates';
import { formatMoney } from '../../commands/lib/money';
import { REPORT_KINDS, REPORT_MESSAGES, REPORT_TITLES, SLOW_DAYS, UNRANGED, reportHeading, slowDays, type ReportKind, type ReportPage, type ReportPeriod } from '../../commands/reports';
import { useConfig } from '../config';
import { useLive } from '../live';
import { navigate, useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { reportColumns } from './columns';
import { ReportChart } from './ReportChart';

const RANGES = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;
type RangeChoice = (typeof RANGES)[number]['value'];

function rangeOf(choice: RangeChoice, now: number): DateRange {
  if (choice === 'last-month') {
    const last = dayjs(now).subtract(1, 'month');
    return { from: last.startOf('month').valueOf(), to: last.endOf('month').valueOf() };
  }
  return quickRange(choice === 'custom' ? 'month' : choice, now);
}

/** The profit and loss's totals, in statement order. */
const PL_TOTALS: [string, string][] = [
  ['net_sales', 'Net sales'],
  ['cost', 'Cost of goods sold'],
  ['gross', 'Gross profit'],
  ['expenses', 'Expenses'],
  ['net', 'Net profit'],
];

export function ReportsScreen({ title }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const { query } = useRoute();
  const kind: ReportKind = (REPORT_KINDS as readonly string[]).includes(query.get('report') ?? '') ? (query.get('report') as ReportKind) : 'sales-period';
  const choice: RangeChoice = RANGES.some((r) => r.value === query.get('range')) ? (query.get('range') as RangeChoice) : 'month';
  const [custom, setCustom] = useState<DateRange>(() => rangeOf('month', Date.now()));
  const range = useMemo(() => (choice === 'custom' ? custom : rangeOf(choice, Date.now())), [choice, custom]);
  const [period, setPeriod] = useState<ReportPeriod>('day');
  const [days, setDays] = useState(String(SLOW_DAYS));
  const [at, setAt] = useState('');
  const [warehouse, setWarehouse] = useState('');
  const [page, setPage] = useState<ReportPage | null>(null);
  const warehouses = useLive('warehouse-list', {});
  const profit = visibleTo(cfg.profitVisibility, user?.level ?? 4);
  const columns = useMemo(() => reportColumns(kind, profit), [kind, profit]);
  const money = (n: number | undefined) => formatMoney(n ?? 0, cfg.currency);
  const ranged = !UNRANGED.has(kind);

  const go = (next: { report?: ReportKind; range?: RangeChoice }) => {
    const q = new URLSearchParams({ report: next.report ?? kind, range: next.range ?? choice });
    setPage(null);
    navigate(`/reports?${q}`, { replace: true });
  };

  const filters = useMemo(
    () => ({
      report: kind,
      ...(kind === 'sales-period' ? { period } : {}),
      ...(kind === 'slow-movers' ? { days: slowDays(days) } : {}),
      ...(kind === 'stock-valuation' ? { warehouse, ...(at ? { at: dayjs(at).valueOf() } : {}) } : {}),
    }),
    [kind, period, days, warehouse, at],
  );
  const heading = reportHeading(kind, { days: slowDays(days), ...(at ? { at: dayjs(at).valueOf() } : {}) });
  const totals: [string, number | undefined][] =
    kind === 'profit-loss'
      ? PL_TOTALS.filter(([key]) => page?.summary?.[key] !== undefined).map(([key, label]) => [label, page?.summary?.[key]])
      : columns.filter((c) => c.total && page?.summary?.[c.key] !== undefined).map((c) => [c.title, page?.summary?.[c.key]]);
  const isMoney = (label: string) => columns.find((c) => c.title === label)?.kind !== 'number';

  return (
    <section className="screen reports" data-testid="reports">
      <h1>{title}</h1>
      <div className="report-controls">
        <label>
          Report{' '}
          <select value={kind} onChange={(e) => go({ report: e.target.value as ReportKind })} data-testid="report-select">
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {REPORT_TITLES[k]}
              </option>
            ))}
          </select>
        </label>
        {ranged && (
          <label>
            Range{' '}
            <select value={choice} onChange={(e) => go({ range: e.target.value as RangeChoice })} data-testid="report-range">
              {RANGES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {ranged && choice === 'custom' && <DateRangeButton value={custom} onChange={setCustom} />}
        {ranged && choice !== 'custom' && (
          <span className="muted" data-testid="report-dates">
            {formatDate(range.from)} – {formatDate(range.to)}
          </span>
        )}
        {kind === 'sales-period' && (
          <label>
            By{' '}
            <select value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)} data-testid="report-period">
              <option value="day">Day</option>
              <option value="week">Week</option>
              <option value="month">Month</option>
            </select>
          </label>
        )}
        {kind === 'slow-movers' && (
          <label>
            No sale in{' '}
            <input type="number" min={0} className="report-days" value={days} onChange={(e) => setDays(e.target.value)} onBlur={() => setDays(String(slowDays(days)))} data-testid="report-days" /> days
          </label>
        )}
        {kind === 'stock-valuation' && (
          <>
            <label>
              At the end of{' '}
              <input type="date" value={at} onChange={(e) => setAt(e.target.value)} data-testid="report-at" />
            </label>
            <label>
              Warehouse{' '}
              <select value={warehouse} onChange={(e) => setWarehouse(e.target.value)} data-testid="report-warehouse">
                <option value="">All</option>
                {(warehouses.data ?? []).map((w) => (
                  <option key={w._id} value={w._id}>
                    {w.location}
                  </option>
                ))}
              </select>
            </label>
          </>
        )}
      </div>
      <dl className="totals report-totals" data-testid="report-summary">
        {totals.map(([label, value]) => (
          <div key={label} className="report-total">
            <dt>{label}</dt>
            <dd>{value === undefined ? '…' : isMoney(label) ? money(value) : value.toLocaleString('en-US', { maximumFractionDigits: 3 })}</dd>
          </div>
        ))}
      </dl>
      {page && <ReportChart chart={page.chart} currency={cfg.currency} title={heading} />}
      <DataTable
        key={kind}
        command="report-rows"
        filters={filters}
        range={ranged ? range : undefined}
        columns={columns}
        title={heading}
        rowLink={(r) => r.link}
        emptyText={REPORT_MESSAGES.empty}
        csvName={`${kind}-${dayjs(ranged ? range.from : Date.now()).format('YYYY-MM-DD')}.csv`}
        onPage={(p) => setPage(p as ReportPage)}
        testId="report-table"
      />
    </section>
  );
}
