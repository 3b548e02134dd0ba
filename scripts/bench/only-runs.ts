/** The bench's single-purpose runs (--only-money, --only-clients) and the keys they share with the full run. */
import { writeFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import type { Args } from './args';
import { call } from './call';
import type { Bench } from './page';
import { round } from './report';
import { reportKeys } from './reports';

type Money = Awaited<ReturnType<Bench['money']>>;

export function moneyKeys(m: Money): Record<string, number> {
  return {
    cashbook_page_ms: round(m.cashbookPage),
    bank_statement_page_ms: round(m.bankPage),
    banks_list_ms: round(m.banksList),
    expenses_page_ms: round(m.expensesPage),
    day_glance_ms: round(m.dayGlance),
    day_glance_first_ms: round(m.dayGlanceFirst),
    cashbook_entries: m.cashEntries,
    bank_statement_entries: m.bankEntries,
  };
}

/**
 * --only-money: `--cold-starts N` cold starts (from the checkpoint when there is one; 1 unless given), the
 * entries, the money pages, then the store and statement pages for comparison.
 */
export async function measureMoneyOnly(page: Page, log: (s: string) => void, args: Args) {
  const colds: number[] = [];
  let opened: Awaited<ReturnType<Bench['coldStart']>> | undefined;
  for (let i = 0; i < args.coldStarts; i++) {
    opened = await call(page, 'coldStart', true);
    colds.push(opened.ms);
    log(
      `cold start ${round(opened.ms, 0)} ms (${opened.origin}; backend created ${round(opened.backendMs, 0)} ms, ledger ready ${round(opened.ledgerMs, 0)} ms, ` +
        `item index ready ${round(opened.indexMs, 0)} ms; ledger: ${opened.phases}; item index: ${opened.indexPhases})`,
    );
  }
  await call(page, 'entriesReady');
  const money = moneyKeys(await call(page, 'money'));
  // The same moment's store and customer statement pages: the budget the money pages are held to.
  const warm = await call(page, 'warm', opened!.ids);
  await call(page, 'close');
  const cold = [...colds].sort((a, b) => a - b)[Math.floor(colds.length / 2)];
  const result = { cold_start_ms: round(cold, 0), ...money, store_page_ms: round(warm.storePage), store_page_new_sort_ms: round(warm.storePageNewSort), statement_page_ms: round(warm.statementPage) };
  console.log(JSON.stringify(result, null, 2));
  if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
}

type Clients = Awaited<ReturnType<Bench['clients']>>;

export function clientKeys(c: Clients, log: (s: string) => void): Record<string, number> {
  log(
    `  ${c.customers} customers (${c.debtors} debtors): first list ${round(c.listFirst)} ms, page ${round(c.listPage)} ms, search ${round(c.listSearch)} ms, ` +
      `debtors by balance ${round(c.listDebtors)} ms, ageing ${round(c.ageing)} ms (first ${round(c.ageingFirst)} ms); typical statement page ${round(c.statement)} ms (${c.statementEntries} entries)`,
  );
  return {
    customers: c.customers,
    client_list_first_ms: round(c.listFirst),
    client_list_page_ms: round(c.listPage),
    client_list_search_ms: round(c.listSearch),
    client_list_debtors_ms: round(c.listDebtors),
    client_ageing_ms: round(c.ageing),
    client_ageing_first_ms: round(c.ageingFirst),
    client_statement_page_ms: round(c.statement),
    client_statement_entries: c.statementEntries,
  };
}

/**
 * --only-clients: a cold start from the checkpoint (written first when the profile has none, so no checkpoint
 * write runs under the measurement), then the client-scale reads while the ledger's entries restore.
 */
export async function measureClientsOnly(page: Page, log: (s: string) => void) {
  let opened = await call(page, 'coldStart', true);
  if (opened.origin !== 'checkpoint') {
    log(`cold start ${round(opened.ms, 0)} ms (${opened.origin}); writing the checkpoint in ${round(await call(page, 'checkpoint'), 0)} ms`);
    opened = await call(page, 'coldStart', true);
  }
  log(`cold start ${round(opened.ms, 0)} ms (${opened.origin})`);
  const clients = clientKeys(await call(page, 'clients'), log);
  await call(page, 'close');
  console.log(JSON.stringify(clients, null, 2));
}

/**
 * --only-reports: a cold start from the checkpoint (written first when the profile has none), then every report
 * of /reports, first and warm (./reports.ts).
 */
export async function measureReportsOnly(page: Page, log: (s: string) => void, args: Args) {
  let opened = await call(page, 'coldStart', true);
  if (opened.origin !== 'checkpoint') {
    log(`cold start ${round(opened.ms, 0)} ms (${opened.origin}); writing the checkpoint in ${round(await call(page, 'checkpoint'), 0)} ms`);
    opened = await call(page, 'coldStart', true);
  }
  log(`cold start ${round(opened.ms, 0)} ms (${opened.origin})`);
  const reports = reportKeys(await call(page, 'reports'), (n) => round(n), log);
  await call(page, 'close');
  const result = { cold_start_ms: round(opened.ms, 0), ...reports };
  console.log(JSON.stringify(result, null, 2));
  if (args.json) writeFileSync(args.json, JSON.stringify(result, null, 2) + '\n');
}
