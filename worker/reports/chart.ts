/**
 * A report's chart, from all its rows (not one page): sales over time as a time series; the hours of the day
 * in order; the profit and loss's five results; any other report as bars of its first CHART_BARS rows by its
 * main figure.
 */
import { CHART_BARS, type ReportChart, type ReportKind, type ReportRow } from '../../commands/reports';

type Figure = keyof ReportRow;

/** The figure a report's bars show. */
function mainFigure(kind: ReportKind, profit: boolean): Figure {
  switch (kind) {
    case 'sales-medium':
      return 'total';
    case 'stock-valuation':
    case 'slow-movers':
      return profit ? 'at_cost' : 'at_price';
    case 'debtors-age':
      return 'owed';
    case 'vat':
      return 'vat';
    default:
      return 'net';
  }
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

export function chartOf(kind: ReportKind, rows: readonly ReportRow[], profit: boolean, summary?: Record<string, number>): ReportChart {
  if (kind === 'sales-period') {
    const series = [{ label: 'Net sales', values: rows.map((r) => num(r.net)) }];
    if (profit) series.push({ label: 'Gross profit', values: rows.map((r) => num(r.profit)) });
    return { time: true, x: rows.map((r) => r.date! / 1000), labels: rows.map((r) => r.label), series };
  }
  if (kind === 'sales-hour') {
    return { time: false, x: rows.map((_, i) => i), labels: rows.map((r) => r._id), series: [{ label: 'Net sales', values: rows.map((r) => num(r.net)) }] };
  }
  if (kind === 'profit-loss' && summary) {
    const bars: [string, number][] = [['Net sales', summary.net_sales]];
    if (profit) bars.push(['Cost of goods sold', summary.cost], ['Gross profit', summary.gross]);
    bars.push(['Expenses', summary.expenses]);
    if (profit) bars.push(['Net profit', summary.net]);
    return { time: false, x: bars.map((_, i) => i), labels: bars.map((b) => b[0]), series: [{ label: 'Amount', values: bars.map((b) => b[1]) }] };
  }
  const figure = mainFigure(kind, profit);
  const top = largest(rows, (r) => num(r[figure]), CHART_BARS);
  const label = kind === 'vat' ? 'VAT collected' : kind === 'debtors-age' ? 'Owed' : figure === 'at_cost' ? 'At cost' : figure === 'at_price' ? 'At selling price' : figure === 'total' ? 'Amount' : 'Net sales';
  return {
    time: false,
    x: top.map((_, i) => i),
    labels: top.map((r) => (r.group && kind === 'stock-valuation' ? `${r.label} (${r.group})` : r.label)),
    series: [{ label, values: top.map((r) => num(r[figure])) }],
  };
}

/** The `n` rows with the largest figure, largest first, in one pass (a report may have 50,000 rows). */
function largest(rows: readonly ReportRow[], value: (r: ReportRow) => number, n: number): ReportRow[] {
  const top: ReportRow[] = [];
  for (const r of rows) {
    const v = value(r);
    if (top.length === n && v <= value(top[n - 1])) continue;
    let i = top.length < n ? top.length : n - 1;
    while (i > 0 && value(top[i - 1]) < v) {
      top[i] = top[i - 1];
      i--;
    }
    top[i] = r;
  }
  return top;
}
