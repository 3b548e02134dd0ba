/** The reorder list's columns: its dialog's table and the CSV for a supplier (src/table/csv.ts) share them. */
import type { ReorderRow } from '../../commands/items';
import type { Column } from '../table/columns';

export const REORDER_COLUMNS: Column<ReorderRow>[] = [
  { key: 'name', title: 'Item' },
  { key: 'barcode', title: 'Barcode' },
  { key: 'balance', title: 'In stock', kind: 'number' },
  { key: 'level', title: 'Reorder level', kind: 'number' },
  { key: 'quantity', title: 'Order quantity', kind: 'number' },
  { key: 'purchasePrice', title: 'Purchase price', kind: 'money' },
];
