/** The reorder list's columns: its dialog's table and the CSV for a supplier (src/table/csv.ts) share them. */
import type { ReorderRow } from '../../commands/items';
import { describeLine } from '../../commands/purchases';
import type { Column } from '../table/columns';

export const REORDER_COLUMNS: Column<ReorderRow>[] = [
  // The variant's values with the name ('Ankara wrapper (Red)'): the supplier is told which one to send.
  { key: 'name', title: 'Item', value: (r) => describeLine(r.name, r.variation) },
  { key: 'barcode', title: 'Barcode' },
  { key: 'balance', title: 'In stock', kind: 'number' },
  { key: 'level', title: 'Reorder level', kind: 'number' },
  { key: 'quantity', title: 'Order quantity', kind: 'number' },
  { key: 'purchasePrice', title: 'Purchase price', kind: 'money' },
];
