/**
 * Each report's table columns (screen, print and CSV alike). Figures that add up carry `total: true`, so the
 * printout ends with their totals; cost and profit columns appear only when the worker sent them (the profits
 * setting), so a hidden figure is never an empty column.
 */
import { formatDate } from '../../commands/lib/dates';
import type { ReportKind, ReportRow } from '../../commands/reports';
import { Link } from '../router';
import type { Column } from '../table/columns';

type Col = Column<ReportRow>;

const money = (key: keyof ReportRow, title: string, total = true): Col => ({ key, title, kind: 'money', total });
const number = (key: keyof ReportRow, title: string, total = true): Col => ({ key, title, kind: 'number', total });

/** The row's name, a link where the row leads somewhere (an invoice, a customer, an item's statement). */
const label = (title: string): Col => ({
  key: 'label',
  title,
  identifies: true,
  render: (r) => (r.link ? <Link to={r.link}>{r.label}</Link> : r.label),
  text: (r) => r.label,
});

const sales = (profit: boolean): Col[] => [
  number('count', 'Sales'),
  number('quantity', 'Items'),
  money('amount', 'Amount'),
  money('discount', 'Discount'),
  money('returns', 'Returns'),
  money('net', 'Net sales'),
  ...(profit ? [money('cost', 'Cost of goods'), money('profit', 'Gross profit')] : []),
];

export function reportColumns(kind: ReportKind, profit: boolean): Col[] {
  switch (kind) {
    case 'sales-period':
      return [{ ...label('Period'), sortKey: 'date' }, ...sales(profit), money('total', 'Total due')];
    case 'sales-medium':
      return [label('Paid by'), number('count', 'Sales'), money('total', 'Amount')];
    case 'sales-item':
      return [label('Item'), { key: 'group', title: 'Category' }, ...sales(profit).filter((c) => c.key !== 'count')];
    case 'sales-category':
      return [label('Category'), ...sales(profit).filter((c) => c.key !== 'count')];
    case 'sales-staff':
      return [label('Staff member'), ...sales(profit).filter((c) => c.key !== 'returns'), money('total', 'Total due')];
    case 'sales-hour':
      return [{ ...label('Hour'), sortKey: '_id' }, ...sales(profit).filter((c) => c.key !== 'returns'), money('total', 'Total due')];
    case 'profit-loss':
      return [{ ...label('Line'), sortable: false }, { key: 'group', title: 'Section', sortable: false }, { ...money('amount', 'Amount', false), sortable: false }];
    case 'vat':
      return [
        { key: 'date', title: 'Date', kind: 'date' },
        label('Invoice'),
        { key: 'group', title: 'Customer' },
        money('base', 'Taxable amount'),
        number('rate', 'Rate %', false),
        money('vat', 'VAT collected'),
        money('withheld', 'VAT withheld'),
        money('total', 'Invoice total'),
      ];
    case 'stock-valuation':
      return [{ key: 'group', title: 'Warehouse' }, label('Category'), number('count', 'Items'), number('stock', 'Quantity'), ...(profit ? [money('at_cost', 'At cost')] : []), money('at_price', 'At selling price')];
    case 'slow-movers':
      return [
        label('Item'),
        { key: 'group', title: 'Category' },
        { key: 'date', title: 'Last sale', kind: 'date', text: (r) => (r.date === undefined ? 'Never' : formatDate(r.date)) },
        number('days', 'Days since', false),
        number('stock', 'In stock'),
        ...(profit ? [money('at_cost', 'Tied up at cost')] : []),
        money('at_price', 'At selling price'),
      ];
    case 'top-customers':
      return [label('Customer'), { key: 'group', title: 'Kind' }, ...sales(profit).filter((c) => c.key !== 'quantity'), money('total', 'Total due'), money('owed', 'Owes now')];
    case 'debtors-age':
      return [
        label('Customer'),
        number('days', 'Oldest debt (days)', false),
        money('current', 'Current'),
        money('d30', '1–30 days'),
        money('d60', '31–60 days'),
        money('d90', '61–90 days'),
        money('over90', 'Over 90 days'),
        money('owed', 'Owed'),
      ];
  }
}
