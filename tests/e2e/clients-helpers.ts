/** Steps of the customers and suppliers browser tests: waiting for text, count badges, table cells. */
import type { Page } from 'puppeteer-core';

export const waitText = (page: Page, selector: string, text: string) =>
  page.waitForFunction((s, t) => document.querySelector(s)?.textContent?.includes(t), {}, selector, text);

/** Waits until the Debtors or Creditors tab badge shows `n`. */
export const badge = (page: Page, tab: 'debtors' | 'creditors', n: number) =>
  page.waitForFunction((t, v) => document.querySelector(`[data-testid="badge-${t}"]`)?.textContent === String(v), {}, tab, n);

/** The visible cells of a data table, row by row. */
export const tableCells = (page: Page, testId: string) =>
  page.$$eval(`[data-testid="${testId}"] tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
