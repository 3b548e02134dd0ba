/**
 * Rows taken out of a listing answer without parsing it (issue 37, finding 3): `_all_docs`, `_changes` and
 * `_bulk_get` answers can run to tens of MB with documents in them, and parsing one whole to drop a design
 * document, then writing it out again, held the server (48 s and +1.6 GB for a listing of bloated documents).
 * Here the answer's list is walked as text: each row's extent is found by counting brackets outside strings,
 * its id read from the row's start (the database writes `{"id":"…"` first), and only a row that does not
 * start so is parsed, alone. The kept rows are copied as they are.
 */

type Row = { id?: unknown; key?: unknown };

const ID_PREFIX = '{"id":"';

/** Where the list of rows begins (the index after its `[`), or -1: only near the answer's start, before any document. */
function listStart(text: string, name: 'rows' | 'results'): number {
  const at = text.indexOf(`"${name}":[`);
  return at < 0 || at > 200 ? -1 : at + name.length + 4;
}

/** The index just past the JSON string that opens at `open`. */
function afterString(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at + 1;
  }
}

/** The row's id (or key), read from its start or, failing that, by parsing the row alone. */
function rowId(text: string, start: number, end: number): unknown {
  if (text.startsWith(ID_PREFIX, start)) return JSON.parse(text.slice(start + ID_PREFIX.length - 1, afterString(text, start + ID_PREFIX.length - 1)));
  try {
    const row = JSON.parse(text.slice(start, end)) as Row | null;
    return typeof row?.id === 'string' ? row.id : row?.key;
  } catch {
    return undefined;
  }
}

/**
 * The answer without the rows whose id `hidden` names, or undefined when it has none (or is not a listing
 * this understands: then it goes on as it is).
 */
export function withoutRows(text: string, list: 'rows' | 'results', hidden: (id: string) => boolean): string | undefined {
  const begin = listStart(text, list);
  if (begin < 0) return undefined;
  const kept: string[] = [];
  let copiedTo = 0;
  let depth = 0;
  let rowStart = -1;
  let dropped = false;
  for (let i = begin; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = afterString(text, i) - 1;
      continue;
    }
    if (c === 123 || c === 91) {
      if (depth === 0) rowStart = i;
      depth++;
    } else if (c === 125 || c === 93) {
      if (depth === 0) break; // the list's own `]`
      depth--;
      if (depth === 0 && rowStart >= 0) {
        const id = rowId(text, rowStart, i + 1);
        if (typeof id === 'string' && hidden(id)) {
          // Cut the row and the comma that joins it to its neighbour.
          let from = rowStart;
          let to = i + 1;
          const next = text.indexOf(',', to);
          if (next >= 0 && text.slice(to, next).trim() === '') to = next + 1;
          else {
            const before = text.lastIndexOf(',', from);
            if (before >= copiedTo && text.slice(before + 1, from).trim() === '') from = before;
          }
          kept.push(text.slice(copiedTo, from));
          copiedTo = to;
          dropped = true;
          i = to - 1;
        }
        rowStart = -1;
      }
    }
  }
  if (!dropped) return undefined;
  kept.push(text.slice(copiedTo));
  return kept.join('');
}
