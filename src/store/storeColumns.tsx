/** Columns of the store table (document 000 'Store screen'), chosen by the configuration switches. */
import type { ConfigValues } from '../../commands/config';
import { slugify } from '../../commands/lib/variants';
import type { StoreRow, StoreTab } from '../../commands/items';
import { Link } from '../router';
import { bothWays } from '../../commands/lib/units';

const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
import type { Column } from '../table/columns';

export function storeColumns(cfg: ConfigValues, tab: StoreTab): Column<StoreRow>[] {
  if (tab === 'expiring') {
    return [
      { key: 'name', title: 'Item' },
      { key: 'expiringQuantity', title: 'Expiring quantity', kind: 'number', sortable: false },
      { key: 'iteration', title: 'Iteration', kind: 'number', sortable: false },
      { key: 'closestExpiry', title: 'Expiry Date', kind: 'date' },
      { key: 'balance', title: 'Total available quantity', kind: 'number' },
    ];
  }
  const cols: Column<StoreRow>[] = [{ key: 'name', title: 'Item' }];
  if (cfg.useVariation) {
    for (const field of cfg.variationFields) cols.push({ key: `variation.${slugify(field)}`, title: field, sortable: false });
  }
  if (cfg.useDescription) cols.push({ key: 'description', title: 'Description' });
  if (cfg.trackExpiry) cols.push({ key: 'closestExpiry', title: 'Closest Expiry', kind: 'date' });
  cols.push(
    { key: 'price', title: 'Current price', kind: 'money' },
    // A column per price level (issue 28), headed as the item import reads it back ('Wholesale price').
    ...cfg.priceLevels.map((l) => ({ key: `levelPrices.${l.id}`, title: `${l.name} price`, kind: 'money', sortable: false }) as const),
    {
      key: 'balance',
      title: 'Available quantity',
      kind: 'number',
      total: true,
      // An item with pack units shows its stock both ways: '8 cartons 19 pieces = 211 pieces' (issue 28).
      text: (r) => (r.units?.length ? bothWays(r.balance, r) : plain.format(r.balance)),
    },
    ...(tab === 'low' ? [{ key: 'level', title: 'Reorder level', kind: 'number', sortable: false } as const] : []),
    { key: 'stockValue', title: 'Stock value', kind: 'money', total: true },
    {
      key: 'action',
      title: 'Action',
      sortable: false,
      render: (r) => <Link to={`/store/${r._id}`}>Statement</Link>,
      text: () => '',
    },
  );
  return cols;
}
