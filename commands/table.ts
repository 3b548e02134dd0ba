/**
 * The shared data table's query, answered in the worker: sort, search and page there, return one page.
 * Every list command takes a TableQuery (plus its own filters) and returns a TablePage of its rows.
 */
import type { DateRange } from './lib/dates';

export const PAGE_SIZES = [50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 100;
/** Print fetches rows in chunks this big so a 100k-row report never crosses the boundary in one message. */
export const PRINT_CHUNK = 5000;

export type SortDir = 'asc' | 'desc';

export type TableQuery = {
  offset: number;
  limit: number;
  search?: string;
  sort?: { key: string; dir: SortDir };
  range?: DateRange;
};

export type TablePage<Row> = {
  rows: Row[];
  /** Rows matching the search and range, before paging. */
  total: number;
  offset: number;
  /** Optional totals over all matching rows (summary cards). */
  summary?: Record<string, number>;
};

/** Reads a dotted key ('customer.name') from a row: the default sort value in the worker and cell value in the UI. */
export function readPath(row: unknown, key: string): unknown {
  let v: unknown = row;
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}
