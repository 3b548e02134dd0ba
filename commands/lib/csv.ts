/** CSV (RFC 4180): quoted fields may hold commas, quotes ("") and line breaks. Used by import and export. */

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Formula injection: a spreadsheet runs a cell that starts with =, +, - or @ (and some read a leading tab or line
 * break the same way), so a customer named "=HYPERLINK(...)" could act when the owner opens an export. Text cells
 * that start so get a leading apostrophe, which spreadsheets show as text. Numbers (typeof number) go out as they
 * are, negative ones included, so a column of amounts still adds up: callers pass numeric cells as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes neutraliseCell on import, so an exported file (or one re-saved by a spreadsheet) loads the same text. */
export function unneutraliseCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

function cell(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const s = neutraliseCell(value === undefined || value === null ? '' : String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
