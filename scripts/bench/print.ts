/**
 * Printing at scale: the store report of 10,000 items printed from the real app to PDF in Chromium, beside a
 * plain HTML table of the same rows.
 *
 *   tsx scripts/bench/print.ts [--rows N] [--json FILE]      (also part of `npm run bench`)
 *
 * A fresh profile imports the items through the app's own backend, opens /store and presses Print. The app's
 * window.print is replaced by a marker, and page.pdf() prints what the app put on the page (its print view: the
 * landscape page, the header repeated on every page). `print_10k_pdf_ms` runs from the click on Print to the
 * PDF's bytes; `print_10k_plain_pdf_ms` prints a bare <table> of the same cell texts (no app, no styles but the
 * same landscape page). Pages are counted from the PDF.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { buildAppOnce, launchChromium, startAppServer } from './app-server';
import { importCalls, USER } from './quick-sale';
import { openAs } from '../../tests/support/open';

const pagesOf = (pdf: Uint8Array) => (Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** Presses Print on the screen's table and answers the time to the app's print() and the printed cell texts. */
async function printFromApp(page: Page): Promise<{ toPrintMs: number; pdfMs: number; pages: number; rows: string[][]; heads: string[] }> {
  await page.evaluate(`(() => {
    window.print = () => { window.__printedAt = performance.now(); };
  })()`);
  const t0 = Date.now();
  await page.click('[data-testid="table-print"]');
  await page.waitForFunction(() => '__printedAt' in window, { timeout: 0, polling: 100 });
  const toPrintMs = Date.now() - t0;
  // Read while the print view is up (not timed: the PDF's time is added to the time to print()).
  const { rows, heads } = await page.evaluate(() => {
    const root = document.querySelector('[data-testid="print-root"]')!;
    return {
      // Long reports print as several tables with the same head: the column titles once.
      heads: [...root.querySelector('thead tr:last-child')!.querySelectorAll('th')].map((th) => th.textContent ?? ''),
      rows: [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    };
  });
  // Chromium fires afterprint itself once the PDF is made, which closes the app's print view.
  const t1 = Date.now();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false, timeout: 0 });
  const pdfMs = toPrintMs + (Date.now() - t1);

  return { toPrintMs, pdfMs, pages: pagesOf(pdf), rows, heads };
}

/** The same texts as a bare table: the floor any printed report pays in Chromium. */
async function printPlain(page: Page, heads: string[], rows: string[][]): Promise<{ ms: number; pages: number }> {
  const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  const html =
    '<!doctype html><meta charset="utf-8"><style>@page { size: landscape; margin: 10mm } table { border-collapse: collapse; font: 9pt sans-serif } td, th { border: 1px solid #999; padding: 1px 4px }</style>' +
    `<table><thead><tr>${heads.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>` +
    rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('') +
    '</tbody></table>';
  const t0 = Date.now();
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf({ preferCSSPageSize: true, timeout: 0 });
  return { ms: Date.now() - t0, pages: pagesOf(pdf) };
}

export async function measurePrint(count = 10_000, log: (s: string) => void = () => undefined): Promise<Record<string, number>> {
  buildAppOnce();
  const dataDir = mkdtempSync(join(tmpdir(), 'oja-bench-print-data-'));
  const profile = mkdtempSync(join(tmpdir(), 'oja-bench-print-profile-'));
  const server = await startAppServer(dataDir, '0');
  const browser = await launchChromium(profile);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1366, height: 768 });
    log(`importing ${count} items for the printed store report`);
    await openAs(page, server.url, USER, '/store', importCalls(count));
    await page.waitForSelector('[data-testid="table-print"]:not([disabled])', { timeout: 0 });
    const app = await printFromApp(page);
    if (app.rows.length !== count) throw new Error(`the printout has ${app.rows.length} rows, not ${count}`);
    log(`  app: print view ready in ${app.toPrintMs} ms, PDF of ${app.pages} pages at ${app.pdfMs} ms`);
    const plain = await printPlain(page, app.heads, app.rows);
    log(`  plain table: PDF of ${plain.pages} pages in ${plain.ms} ms`);
    return {
      print_rows: app.rows.length,
      print_10k_pdf_ms: app.pdfMs,
      print_10k_view_ms: app.toPrintMs,
      print_10k_pages: app.pages,
      print_10k_plain_pdf_ms: plain.ms,
      print_10k_plain_pages: plain.pages,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const rows = argv.includes('--rows') ? Number(argv[argv.indexOf('--rows') + 1]) : 10_000;
  const json = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
  const result = await measurePrint(rows, (s) => process.stderr.write(`[print] ${s}\n`));
  console.log(JSON.stringify(result, null, 2));
  if (json) writeFileSync(json, JSON.stringify(result, null, 2) + '\n');
}
