/**
 * The shared data table (spec document 000, 'Shared data table'). Rows come one page at a time from a list
 * command that runs search, sort and paging in the worker (worker/table/engine.ts).
 *
 *   <DataTable
 *     command="sales-list" filters={{ range }}          refetches when a type 'sales-list' READS changes
 *     columns={[{ key: 'sn', title: 'S/N', kind: 'serial' }, { key: 'date', title: 'Date', kind: 'date' }, …]}
 *     rowLink={(r) => `/sales/invoice/${r.sale}`}     Enter on a focused row follows it
 *     emptyText="You are yet to make any sale."        default 'Empty table'
 *     title="Sold"                                     heading of the printout
 *     colorCode={cfg.colorCode}                        debit columns green, credit red
 *     onPage={(p) => setSummary(p.summary)}            e.g. summary cards
 *   />
 *
 * Search box, page sizes 50/100/250 (default 100), sortable headers (click or Enter), pagination, Print (all
 * rows, landscape). Keyboard: Tab into the rows, ArrowUp/ArrowDown/Home/End move a visible row focus, Enter
 * follows the row's link. Row keys come from `rowKey` (default `_id`).
 */
// Its styles are loaded by the app entry (src/main.tsx): Node tests import screens that use this table.
import { forwardRef, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TableVirtuoso, type TableComponents, type TableVirtuosoHandle } from 'react-virtuoso';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir, type TablePage } from '../../commands/table';
import type { DateRange } from '../../commands/lib/dates';
import { useConfig } from '../config';
import { navigate } from '../router';
import { session } from '../session';
import { alignOf, cellText, identifyingColumn, isSortable, isTextColumn, type Column } from './columns';
import { useAllRows } from './all-rows';
import { Pagination } from './Pagination';
import { PrintTable } from './PrintTable';
import { useTablePage, type FiltersOf, type RowOf, type TableCommand } from './source';

export type DataTableProps<K extends TableCommand> = {
  command: K;
  filters: FiltersOf<K>;
  columns: Column<RowOf<K>>[];
  range?: DateRange;
  rowKey?: (row: RowOf<K>) => string;
  rowLink?: (row: RowOf<K>) => string | undefined;
  emptyText?: string;
  title?: string;
  colorCode?: boolean;
  defaultSort?: { key: string; dir: SortDir };
  /** Height of the scrolling area in px (virtualisation needs an explicit one). */
  height?: number;
  onPage?: (page: TablePage<RowOf<K>>) => void;
  testId?: string;
  /** False hides the search box (statements page by date and running balance, not by search). */
  searchable?: boolean;
  /** Shown under the empty text (e.g. an 'Add expense' button). */
  emptyAction?: ReactNode;
  /** A file name: adds an 'Export CSV' button that downloads every matching row with the screen's columns. */
  csvName?: string;
};

const ROW_HEIGHT = 37;
/** A one-line header; wrapped headings (narrow windows, many columns) are measured instead. */
const HEADER_HEIGHT = 41;

type RowContext = { focused: number; domId: string };

// Defined once, outside render, as react-virtuoso asks: new component types each render would remount rows.
const components: TableComponents<unknown, RowContext> = {
  Table: ({ style, ...props }) => <table {...props} style={style} className="data-table" />,
  TableRow: ({ item: _item, context, ...props }) => {
    const index = props['data-index'];
    const focused = context?.focused === index;
    return <tr {...props} id={`${context?.domId}-row-${index}`} className={focused ? 'row-focused' : undefined} aria-selected={focused || undefined} />;
  },
  Scroller: forwardRef<HTMLDivElement>((props, ref) => <div {...props} ref={ref} tabIndex={-1} />),
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function DataTable<K extends TableCommand>(props: DataTableProps<K>) {
  const { command, filters, columns, range, rowLink, title, colorCode, onPage } = props;
  const cfg = useConfig();
  const domId = useId().replace(/:/g, '');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), 250);
  const [sort, setSort] = useState(props.defaultSort);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pageIndex, setPageIndex] = useState(0);
  const [focused, setFocused] = useState(-1);
  const virtuoso = useRef<TableVirtuosoHandle>(null);
  const scroll = useRef<HTMLDivElement>(null);
  // The scroller's height is the header's plus the rows': with headings wrapped onto two or three lines a
  // height made for a one-line header left no room for rows, and the virtual list then showed none.
  const [headerHeight, setHeaderHeight] = useState(HEADER_HEIGHT);

  // A new search, sort, size or range starts again from the first page.
  useEffect(() => setPageIndex(0), [search, sort?.key, sort?.dir, pageSize, range?.from, range?.to]);
  const query = { offset: pageIndex * pageSize, limit: pageSize, search: search || undefined, sort, range };
  const { page, error, loading } = useTablePage(command, filters, query);
  useEffect(() => setFocused(-1), [page]);
  useEffect(() => {
    if (page) onPage?.(page);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);

  const rows = page?.rows ?? [];
  const total = page?.total ?? 0;
  const offset = page?.offset ?? 0;
  const keyOf = props.rowKey ?? ((r: RowOf<K>) => String((r as { _id?: unknown })._id ?? ''));

  const toggleSort = (col: Column<RowOf<K>>) => {
    const key = col.sortKey ?? col.key;
    setSort((s) => (s?.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
  };

  const moveFocus = (to: number) => {
    if (!rows.length) return;
    const next = Math.max(0, Math.min(rows.length - 1, to));
    setFocused(next);
    virtuoso.current?.scrollIntoView({ index: next });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: focused + 1, ArrowUp: focused - 1, Home: 0, End: rows.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      moveFocus(focused < 0 && e.key === 'ArrowUp' ? 0 : moves[e.key]);
    } else if (e.key === 'Enter' && focused >= 0 && rowLink) {
      const to = rowLink(rows[focused]);
      if (to) {
        e.preventDefault();
        navigate(to);
      }
    }
  };

  const all = useAllRows(command, filters, { search: search || undefined, sort, range });
  const printing = all.busy;
  const exportCsv = () => (props.csvName ? all.exportCsv(props.csvName, columns, cfg.currency) : Promise.resolve());

  // The row's identifying column keeps room for 24 characters (table.css .cell-main); every text column
  // wraps onto two lines before it is cut.
  const main = identifyingColumn(columns);
  const textClass = (c: Column<RowOf<K>>, i: number) => (isTextColumn(c) ? (i === main ? 'cell-text cell-main' : 'cell-text') : c.kind === 'date' ? 'cell-date' : '');
  const header = useMemo(
    () => () => (
      <tr>
        {columns.map((c, i) => {
          const key = c.sortKey ?? c.key;
          const dir = sort?.key === key ? sort.dir : undefined;
          return (
            <th
              key={c.key}
              className={textClass(c, i) || undefined}
              data-identifies={i === main ? '' : undefined}
              style={{ width: c.width, textAlign: alignOf(c) }}
              aria-sort={dir ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {isSortable(c) ? (
                <button type="button" className="sort-button" onClick={() => toggleSort(c)} data-sort-key={key}>
                  {c.title}
                  <span className="sort-mark" aria-hidden="true">
                    {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}
                  </span>
                </button>
              ) : (
                c.title
              )}
            </th>
          );
        })}
      </tr>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, main, sort?.key, sort?.dir],
  );

  // Rows of two-line text are taller than ROW_HEIGHT: once the list is measured its own height counts.
  const [listHeight, setListHeight] = useState(0);
  const rowsHeight = Math.max(listHeight, Math.max(rows.length, 1) * ROW_HEIGHT);
  const height = props.height ?? Math.min(560, headerHeight + rowsHeight + 2);
  const empty = !loading && !error && total === 0;
  useLayoutEffect(() => {
    const thead = scroll.current?.querySelector('thead');
    if (!thead) return;
    const measure = () => setHeaderHeight(Math.max(HEADER_HEIGHT, Math.ceil(thead.getBoundingClientRect().height)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(thead);
    return () => observer.disconnect();
  }, [empty, columns, page]);

  return (
    <div className="data-table-wrap" data-testid={props.testId ?? 'data-table'}>
      <div className="table-toolbar">
        <label className="table-size">
          Show{' '}
          <select value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))} aria-label="Rows per page">
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>{' '}
          entries
        </label>
        <span className="spacer" />
        {props.searchable !== false && (
          <input type="search" className="table-search" placeholder="Search" aria-label="Search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        )}
        {props.csvName && (
          <button type="button" className="btn" onClick={() => void exportCsv()} disabled={!!printing || total === 0} data-testid="table-csv">
            Export CSV
          </button>
        )}
        <button type="button" className="btn" onClick={() => void all.print()} disabled={!!printing || total === 0} data-testid="table-print">
          Print
        </button>
      </div>
      {printing && (
        <p className="table-status" role="status">
          {printing}
        </p>
      )}
      {(error || all.failed) && (
        <div className="alert alert-error" role="alert">
          {error?.message ?? all.failed}
        </div>
      )}
      {empty ? (
        <div className="table-empty" data-testid="table-empty">
          <p>{props.emptyText ?? 'Empty table'}</p>
          {props.emptyAction}
        </div>
      ) : (
        <div
          ref={scroll}
          className={`table-scroll ${colorCode ? 'color-code' : ''}`}
          tabIndex={0}
          role="region"
          aria-label={title ?? 'Table'}
          onKeyDown={onKeyDown}
          onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setFocused(-1)}
        >
          <TableVirtuoso<RowOf<K>, RowContext>
            ref={virtuoso}
            style={{ height }}
            data={rows}
            context={{ focused, domId }}
            components={components as TableComponents<RowOf<K>, RowContext>}
            computeItemKey={(i, row) => keyOf(row) || `${offset + i}`}
            fixedHeaderContent={header}
            totalListHeightChanged={setListHeight}
            itemContent={(i, row) =>
              columns.map((c, ci) => {
                const text = cellText(c, row, offset + i, cfg.currency);
                // Text columns give way (two lines, then cut; whole in the tooltip) so the numbers stay in view.
                const clip = isTextColumn(c);
                const className = [c.tone ? `tone-${c.tone}` : '', textClass(c, ci)].filter(Boolean).join(' ') || undefined;
                const content = c.render ? c.render(row, offset + i) : text;
                return (
                  <td key={c.key} className={className} style={{ textAlign: alignOf(c) }} title={clip && text ? text : undefined}>
                    {clip ? <span className="cell-clip">{content}</span> : content}
                  </td>
                );
              })
            }
          />
        </div>
      )}
      <Pagination page={pageIndex} pageSize={pageSize} total={total} onPage={setPageIndex} />
      {all.printRows && (
        <PrintTable title={title} business={session.value?.businessName} range={range} columns={columns} rows={all.printRows} currency={cfg.currency} onDone={all.donePrinting} />
      )}
    </div>
  );
}
