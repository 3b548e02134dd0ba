/**
 * The benchmark page: starts bench workers and times what a person waits for, from this (UI) thread, so
 * every warm figure includes the message round trip to the worker. Node (run.ts) drives it step by step.
 */
import * as Comlink from 'comlink';
import { BANKS, BIG_CUSTOMER, customerId, TYPICAL_CUSTOMER, type SizeName } from './data';
import { hasCarton, hasLevels, PRICE_LEVELS } from './levels-units';
import { measureReports } from './reports';
import type { BenchWorker } from './worker';

type Handle = { worker: Worker; api: Comlink.Remote<BenchWorker> };

let current: Handle | undefined;
const now = () => performance.now();

function spawn(): Handle {
  const worker = new Worker('/bench-worker.js', { type: 'module', name: 'bench' });
  return { worker, api: Comlink.wrap<BenchWorker>(worker) };
}

async function stop(h: Handle | undefined) {
  if (!h) return;
  await h.api.close();
  h.worker.terminate();
}

async function median(times: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = now();
    await run(i);
    ms.push(now() - t);
  }
  return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)];
}

const DAY = 86400000;

const bench = {
  async prepare(size: SizeName, levelsUnits = false) {
    const h = spawn();
    const res = await h.api.load(size, Comlink.proxy((n: number) => console.log(`loaded ${n} documents`)), levelsUnits);
    h.worker.terminate();
    return res;
  },

  /** Worker start to the first store page; without a checkpoint the ledger recomputes from every document. */
  async coldStart(withCheckpoint: boolean) {
    await stop(current);
    current = undefined;
    if (!withCheckpoint) {
      const h = spawn();
      await h.api.dropCheckpoint();
      h.worker.terminate();
    }
    const t = now();
    const h = spawn();
    const opened = await h.api.open();
    current = h;
    // The worker's own start-up before open() ran: its script fetched, compiled and run (the rest is open()'s).
    const scriptMs = opened.startedAt - (performance.timeOrigin + t);
    return { ms: now() - t, scriptMs, openMs: opened.ms, ledgerMs: opened.ledgerMs, indexMs: opened.indexMs, backendMs: opened.backendMs, phases: opened.phases, indexPhases: opened.indexPhases, origin: opened.origin, rows: opened.rows, ids: opened.ids };
  },

  checkpoint: () => current!.api.checkpoint(),
  entriesReady: () => current!.api.entriesReady(),

  async warm(ids: string[]) {
    const api = current!.api;
    const storePage = await median(21, (i) => api.dispatch('store-list', { offset: (i % 5) * 100, limit: 100 }));
    // Pages whose kept pass cannot answer (worker/items/store-pass.ts): each a column sort not asked for before,
    // so the walk over every item runs again, with the sort; what the first page after a sale or an edit costs.
    const sorts = ['price', 'balance', 'stockValue', 'description', 'closestExpiry'].flatMap((key) => (['asc', 'desc'] as const).map((dir) => ({ key, dir })));
    const storePageNewSort = await median(sorts.length, (i) => api.dispatch('store-list', { offset: 0, limit: 100, sort: sorts[i] }));
    const balanceRead = await median(201, (i) => api.dispatch('stock-balances', { ids: [ids[i % ids.length]] }));
    const balanceInWorker = await api.balanceInWorker(ids);
    // All-time first page (also warms the account up), then pages of the last year with an opening balance.
    const first = (await api.dispatch('client-statement', { account: BIG_CUSTOMER, offset: 0, limit: 100 })) as { ok: boolean; value?: { total: number } };
    const to = new Date(2025, 11, 31).getTime();
    const range = { from: to - 365 * DAY, to };
    const statementPage = await median(21, (i) => api.dispatch('client-statement', { account: BIG_CUSTOMER, offset: (i % 3) * 100, limit: 100, range }));
    return { storePage, storePageNewSort, balanceRead, balanceInWorker, statementPage, statementEntries: first.value?.total ?? 0 };
  },

  /**
   * Only the store page figures of warm() (store_page_ms, store_page_new_sort_ms), for the levels-and-units
   * comparison (sale-path.ts): the same calls, so the two sets' figures compare.
   */
  async storePages() {
    const api = current!.api;
    const storePage = await median(21, (i) => api.dispatch('store-list', { offset: (i % 5) * 100, limit: 100 }));
    const sorts = ['price', 'balance', 'stockValue', 'description', 'closestExpiry'].flatMap((key) => (['asc', 'desc'] as const).map((dir) => ({ key, dir })));
    const storePageNewSort = await median(sorts.length, (i) => api.dispatch('store-list', { offset: 0, limit: 100, sort: sorts[i] }));
    return { storePage, storePageNewSort };
  },

  /**
   * The sale save (`sale-create` from this thread, round trip included), median of 11: a customer's sale of three
   * lines from the items with the most stock in the main store, priced by the worker (no price sent). With `levelsUnits` the two
   * levels are set first and the sale is at Wholesale: a carton of an item with one, two pieces of an item with
   * level prices, one piece of a plain item; without, the same items one or two pieces each at retail. Each save
   * adds a sale to the kept profile (11 of the set's 50,000 at M).
   */
  async saleSave(levelsUnits = false) {
    const api = current!.api;
    if (levelsUnits) {
      const cfg = (await api.dispatch('config-get', {})) as { ok: boolean; value?: { priceLevels?: unknown[] } };
      if (!cfg.value?.priceLevels?.length) {
        const set = (await api.dispatch('config-set', { priceLevels: PRICE_LEVELS })) as { ok: boolean; error?: { message: string } };
        if (!set.ok) throw new Error(`config-set: ${set.error?.message}`);
        await api.settled();
      }
    }
    // The items with the most stock, a page at a time until each kind has one: runs on a kept profile sell the
    // top items down (a second round found none among the first 100).
    type Row = { _id: string; name: string; balance: number };
    const index = (id: string) => parseInt(id.slice(2), 36);
    const cartons: Row[] = [];
    const levelled: Row[] = [];
    const plain: Row[] = [];
    for (let offset = 0; offset < 2000 && !(cartons.length && levelled.length && plain.length); offset += 250) {
      const page = (await api.dispatch('store-list', { offset, limit: 250, warehouse: 'store', sort: { key: 'balance', dir: 'desc' } })) as { ok: boolean; value?: { rows: Row[] } };
      for (const r of page.value?.rows ?? []) {
        const kind = hasCarton(index(r._id)) ? cartons : hasLevels(index(r._id)) ? levelled : plain;
        if (r.balance >= (kind === cartons ? 48 : 20)) kind.push(r);
      }
    }
    if (!cartons.length || !levelled.length || !plain.length) throw new Error('sale save: no items with enough stock among the 2,000 with the most');
    const input = (i: number) => {
      const c = cartons[i % cartons.length];
      const l = levelled[i % levelled.length];
      const p = plain[i % plain.length];
      return {
        customer: { with_account: true, name: 'Customer 5', account_ref: customerId(5) },
        items: [
          { id: c._id, name: c.name, quantity: 1, ...(levelsUnits ? { unit: 'carton' } : {}) },
          { id: l._id, name: l.name, quantity: 2 },
          { id: p._id, name: p.name, quantity: 1 },
        ],
        ...(levelsUnits ? { level: 'wholesale' } : {}),
        amount_paid: 0,
        confirmDebt: true,
      };
    };
    let first = '';
    const ms = await median(11, async (i) => {
      const saved = (await api.dispatch('sale-create', input(i))) as { ok: boolean; value?: { id: string }; error?: { message: string } };
      if (!saved.ok) throw new Error(`sale-create: ${saved.error?.message}`);
      if (i === 0) first = saved.value!.id;
    });
    // The variant measured what it should: a carton line (24 pieces) and a Wholesale price on the saved sale.
    const got = JSON.stringify(await api.dispatch('sale-get', { id: first }));
    const variant = got.includes('"unit_factor":24') && got.includes('"id":"wholesale"');
    if (variant !== levelsUnits) throw new Error(`sale save: the saved sale ${levelsUnits ? 'lacks' : 'has'} a carton line and a Wholesale price: ${got.slice(0, 400)}`);
    return ms;
  },

  /** The money screens over the last year of the set: a cashbook page, a bank's ledger page, the banks list. */
  async money() {
    const api = current!.api;
    const to = new Date(2025, 11, 31).getTime();
    const range = { from: to - 365 * DAY, to };
    // All-time first pages warm the accounts up and count their entries.
    const cash = (await api.dispatch('cashbook-list', { offset: 0, limit: 100 })) as { ok: boolean; value?: { total: number } };
    const bank = (await api.dispatch('bank-statement', { account: BANKS[0], offset: 0, limit: 100 })) as { ok: boolean; value?: { total: number } };
    if (!cash.ok || !bank.ok) throw new Error('cashbook-list or bank-statement failed');
    const cashbookPage = await median(21, (i) => api.dispatch('cashbook-list', { offset: (i % 3) * 100, limit: 100, range }));
    const bankPage = await median(21, (i) => api.dispatch('bank-statement', { account: BANKS[0], offset: (i % 3) * 100, limit: 100, range }));
    const banksList = await median(21, () => api.dispatch('banks-list', { offset: 0, limit: 100, range }));
    const expensesPage = await median(21, (i) => api.dispatch('expenses-list', { offset: (i % 3) * 100, limit: 100, range }));
    // The landing page's day at a glance: the first call builds the sales index, the rest read it.
    const began = now();
    const glance = (await api.dispatch('day-glance', {})) as { ok: boolean };
    const dayGlanceFirst = now() - began;
    if (!glance.ok) throw new Error('day-glance failed');
    const dayGlance = await median(21, () => api.dispatch('day-glance', {}));
    return { cashbookPage, bankPage, banksList, expensesPage, dayGlance, dayGlanceFirst, cashEntries: cash.value?.total ?? 0, bankEntries: bank.value?.total ?? 0 };
  },

  /**
   * The customer list and a typical customer's statement at client scale. The first client-list call builds the
   * client index and the name order (the cold figure); then pages, a search, the Debtors tab by balance.
   */
  async clients() {
    const api = current!.api;
    const t = now();
    const first = (await api.dispatch('client-list', { kind: 'customer', offset: 0, limit: 100 })) as {
      ok: boolean;
      value?: { counts: { all: number; debtors: number }; rows: { _id: string }[] };
    };
    const listFirst = now() - t;
    const pageIds = first.value?.rows.map((r) => r._id) ?? [];
    const t2 = now();
    await api.dispatch('client-ageing', { kind: 'customer', ids: pageIds });
    const ageingFirst = now() - t2;
    const ageing = await median(21, () => api.dispatch('client-ageing', { kind: 'customer', ids: pageIds }));
    if (!first.ok) throw new Error('client-list failed');
    const listPage = await median(21, (i) => api.dispatch('client-list', { kind: 'customer', offset: (i % 5) * 100, limit: 100 }));
    const listSearch = await median(21, (i) => api.dispatch('client-list', { kind: 'customer', offset: 0, limit: 100, search: `Customer 12${i % 10}` }));
    const listDebtors = await median(21, (i) =>
      api.dispatch('client-list', { kind: 'customer', tab: 'debtors', offset: (i % 3) * 100, limit: 100, sort: { key: 'balance', dir: 'desc' } }),
    );
    const all = (await api.dispatch('client-statement', { account: TYPICAL_CUSTOMER, offset: 0, limit: 100 })) as { ok: boolean; value?: { total: number } };
    const to = new Date(2025, 11, 31).getTime();
    const range = { from: to - 365 * DAY, to };
    const statement = await median(21, () => api.dispatch('client-statement', { account: TYPICAL_CUSTOMER, offset: 0, limit: 100, range }));
    return {
      listFirst,
      ageingFirst,
      ageing,
      listPage,
      listSearch,
      listDebtors,
      customers: first.value?.counts.all ?? 0,
      debtors: first.value?.counts.debtors ?? 0,
      statement,
      statementEntries: all.value?.total ?? 0,
    };
  },

  /** Every report of /reports: its first answer after the cold start and warm ones (./reports.ts). */
  reports: () => measureReports(current!.api, median),

  async naive(ids: string[]) {
    const api = current!.api;
    const indexMs = await api.naiveSetup();
    const runs: number[] = [];
    let balances: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api.naiveStorePage(ids);
      runs.push(r.ms);
      balances = r.balances;
    }
    const ledger = await api.ledgerBalances(ids);
    const agree = ledger.every((b, i) => Math.abs(b - balances[i]) < 1e-9);
    return { indexMs, storePage: runs.sort((a, b) => a - b)[1], agree };
  },

  async floor() {
    const api = current!.api;
    const runs: { ms: number; docs: number }[] = [];
    for (let i = 0; i < 3; i++) runs.push(await api.idbFloor());
    runs.sort((a, b) => a.ms - b.ms);
    return runs[1];
  },

  async close() {
    // Forget the handle too: a cold start after close() must not ask the terminated worker to close again.
    const h = current;
    current = undefined;
    await stop(h);
  },
};

(globalThis as unknown as { bench: typeof bench }).bench = bench;
export type Bench = typeof bench;
