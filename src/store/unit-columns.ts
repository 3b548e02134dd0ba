/**
 * The store's CSV export carries units of measure (issue 28) when any item has them: a Unit column (the base
 * unit) and a Units column in the form the item import reads back ('carton = 24 @ 4800 (Wholesale 4500) # 6151234500017').
 */
import type { StoreRow } from '../../commands/items';
import { packsCell } from '../../commands/lib/units';
import type { PriceLevel } from '../../commands/lib/price-level-types';
import type { Column } from '../table/columns';

/** `levels`: the settings' price levels, whose names carry a pack's own level prices ('(Wholesale 4500)'). */
export function withUnitColumns(columns: Column<StoreRow>[], rows: readonly StoreRow[], levels: readonly PriceLevel[] = []): Column<StoreRow>[] {
  if (!rows.some((r) => r.unit || r.units?.length)) return columns;
  return [
    ...columns,
    { key: 'unit', title: 'Unit', text: (r) => r.unit ?? '' },
    { key: 'units', title: 'Units', text: (r) => packsCell(r.units, levels) },
  ];
}
