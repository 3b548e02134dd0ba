/**
 * Page buttons for the data table: every page up to 5 pages; beyond that the first, the last and the pages
 * around the current one, with an ellipsis for each gap (spec: "pagination collapses with ellipsis beyond
 * 5 pages"). Pages are 0-based here and shown 1-based.
 */
export const MAX_PLAIN_PAGES = 5;

export type PageButton = number | 'ellipsis-start' | 'ellipsis-end';

export function pageButtons(current: number, count: number): PageButton[] {
  if (count <= MAX_PLAIN_PAGES) return Array.from({ length: count }, (_, i) => i);
  let lo = Math.max(1, current - 1);
  let hi = Math.min(count - 2, current + 1);
  if (current <= 2) [lo, hi] = [1, 3];
  if (current >= count - 3) [lo, hi] = [count - 4, count - 2];
  const out: PageButton[] = [0];
  if (lo > 1) out.push('ellipsis-start');
  for (let p = lo; p <= hi; p++) out.push(p);
  if (hi < count - 2) out.push('ellipsis-end');
  out.push(count - 1);
  return out;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
