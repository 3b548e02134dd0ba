/** A report's totals: each figure that adds up, summed over the matching rows (money in kobo, quantities in thousandths). */
import type { ReportRow } from '../../commands/reports';

const MONEY = ['amount', 'discount', 'returns', 'net', 'total', 'cost', 'profit', 'cash', 'bank', 'credit', 'base', 'vat', 'withheld', 'at_cost', 'at_price', 'current', 'd30', 'd60', 'd90', 'over90', 'owed'] as const;
const COUNTS = ['count', 'quantity', 'stock'] as const;

export function sumRows(rows: readonly ReportRow[]): Record<string, number> {
  const out: Record<string, number> = { rows: rows.length };
  for (const key of MONEY) {
    let minor = 0;
    let seen = false;
    for (const r of rows) {
      const v = r[key];
      if (v === undefined) continue;
      seen = true;
      minor += Math.round(v * 100);
    }
    if (seen) out[key] = minor / 100;
  }
  for (const key of COUNTS) {
    let thousandths = 0;
    let seen = false;
    for (const r of rows) {
      const v = r[key];
      if (v === undefined) continue;
      seen = true;
      thousandths += Math.round(v * 1000);
    }
    if (seen) out[key] = thousandths / 1000;
  }
  return out;
}
