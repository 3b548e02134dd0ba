/**
 * The table's Print and Export CSV: both read every row that matches the search, sort and range (not only the
 * page on screen), a page at a time, saying how far they are. Print hands the rows to PrintTable; export
 * downloads them with the screen's columns. A refused read is said on the table (`failed`), not only thrown.
 */
import { useCallback, useState } from 'react';
import type { SortDir } from '../../commands/table';
import type { DateRange } from '../../commands/lib/dates';
import type { Column } from './columns';
import { downloadCsv } from './csv';
import { fetchAllRows, type FiltersOf, type RowOf, type TableCommand } from './source';

type Query = { search?: string; sort?: { key: string; dir: SortDir }; range?: DateRange };

export function useAllRows<K extends TableCommand>(command: K, filters: FiltersOf<K>, query: Query) {
  const [printRows, setPrintRows] = useState<RowOf<K>[] | null>(null);
  const [busy, setBusy] = useState('');
  const [failed, setFailed] = useState('');

  const readAll = async (what: string): Promise<RowOf<K>[] | null> => {
    setBusy(`${what}…`);
    setFailed('');
    try {
      return await fetchAllRows(command, filters, query, (done, of) => setBusy(`${what}… ${done} of ${of}`));
    } catch (e) {
      setFailed((e as Error).message || String(e));
      return null;
    } finally {
      setBusy('');
    }
  };

  return {
    /** 'Preparing print… 300 of 1200' while rows are read; '' otherwise. */
    busy,
    /** Why the last print or export could not read its rows. */
    failed,
    /** The rows to print, until the printout is done. */
    printRows,
    print: async () => setPrintRows(await readAll('Preparing print')),
    donePrinting: useCallback(() => setPrintRows(null), []),
    exportCsv: async (name: string, columns: Column<RowOf<K>>[], currency: string) => {
      const rows = await readAll('Preparing export');
      if (rows) downloadCsv(name, columns, rows, currency);
    },
  };
}
