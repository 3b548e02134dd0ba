/**
 * Benchmark data sets from a fixed seed: items, customers, banks, and stock movements (purchase and sale
 * lines, returns, damaged goods, warehouse transfers), with sale documents grouping the sale lines (client and
 * bank entries), payments and expenses. Ids follow the spec's type prefixes so every index sees realistic keys.
 * Generated in batches so a million documents never sit in memory at once.
 */
import { levelsUnitsFields } from './levels-units';
import { seededRandom } from './rng';

export type SizeName = 'tiny' | 'S' | 'M' | 'L';
/**
 * `customers` and `payments` make the client-scale set (issue 13): 10,000 customers and 200,000 account payments
 * besides the ~1 % of movements that already carry one; without them customers are items / 50.
 */
export const SIZES: Record<SizeName, { items: number; movements: number; customers?: number; payments?: number }> = {
  tiny: { items: 300, movements: 3000, customers: 200, payments: 2000 },
  S: { items: 10_000, movements: 100_000, customers: 10_000, payments: 200_000 },
  M: { items: 50_000, movements: 500_000, customers: 10_000, payments: 200_000 },
  L: { items: 50_000, movements: 1_000_000, customers: 10_000, payments: 200_000 },
};
export const SEED = 20261122;
/** Bumped when the generator changes, so a kept data set is regenerated. 2: expenses added; 3: client scale; 4: start balances. */
export const DATA_VERSION = 4;

export type Doc = Record<string, unknown> & { _id: string };

const pad = (n: number, w = 7) => n.toString(36).padStart(w, '0');
export const itemId = (i: number) => `7B${pad(i, 5)}`;
export const customerId = (i: number) => `4B${pad(i, 5)}`;
export const BANKS = ['cB00001', 'cB00002', 'cB00003'];
/** The busiest customer (a tenth of all account sales): the statement benchmark reads its account. */
export const BIG_CUSTOMER = customerId(0);
const START = new Date(2023, 0, 1).getTime();
const SPAN = 3 * 365 * 24 * 3600 * 1000;
const WAREHOUSES = ['store', 'store', 'store', 'dW1', 'dW2'];
const EXPENSE_CATEGORIES = ['Rent', 'Salaries', 'Transport', 'Utilities', 'Other'];

export function customersFor(size: SizeName): number {
  return SIZES[size].customers ?? Math.max(20, Math.round(SIZES[size].items / 50));
}

/** A customer of ordinary size for the client statement benchmark (not the busiest). */
export const TYPICAL_CUSTOMER = customerId(123);

/** An item of the set; with `levelsUnits` (issue 28's variant) some carry level prices and a carton. */
export function itemDoc(i: number, levelsUnits = false): Doc {
  const price = 100 + (i % 900);
  return { _id: itemId(i), stores: 'item', name: `Item ${i} ${['rice', 'beans', 'salt', 'milk', 'soap'][i % 5]}`, price, purchasePrice: 80 + (i % 700), date: START, ...(levelsUnits ? levelsUnitsFields(i, price) : {}) };
}

/**
 * Yields batches of documents; the total is items + customers + banks + movements + sales + payments + expenses.
 * `levelsUnits` changes only the item documents (scripts/bench/levels-units.ts; the levels themselves are a
 * setting the bench writes through config-set), so every other document is the plain set's.
 */
export function* generate(size: SizeName, batch = 2000, levelsUnits = false): Generator<Doc[]> {
  const { items, movements } = SIZES[size];
  const r = seededRandom(SEED);
  // Expenses draw from their own sequence, so every other document is the same as in version 1.
  const re = seededRandom(SEED + 1);
  const customers = customersFor(size);
  let out: Doc[] = [];
  const push = function* (d: Doc) {
    out.push(d);
    if (out.length >= batch) {
      yield out;
      out = [];
    }
  };
  for (let i = 0; i < items; i++) {
    yield* push(itemDoc(i, levelsUnits));
  }
  for (let i = 0; i < customers; i++) yield* push({ _id: customerId(i), stores: 'customer', name: `Customer ${i}`, phone_number: `+234803${pad(i, 7)}`, date: START });
  for (const [i, id] of BANKS.entries()) yield* push({ _id: id, stores: 'bank', name: `Bank ${i}`, account_name: 'Bench Stores', account_number: `01234567${i}`, date: START });

  let sale: Doc | undefined;
  let saleLines = 0;
  let saleTotal = 0;
  let saleCount = 0;
  for (let j = 0; j < movements; j++) {
    const date = START + Math.floor((j / movements) * SPAN);
    const item = itemId(Math.floor(r() * items));
    const quantity = 1 + Math.floor(r() * 20);
    const roll = r();
    const id = pad(j);
    if (roll < 0.5) {
      if (!sale || saleLines >= 5) {
        if (sale) yield* push({ ...sale, total_due: saleTotal, amount_paid: Math.round(saleTotal * 0.6) });
        saleCount++;
        const account = r() < 0.7 ? (r() < 0.1 ? BIG_CUSTOMER : customerId(Math.floor(r() * customers))) : undefined;
        sale = {
          _id: `2B${id}`,
          stores: 'sale',
          invoice_number: `B${saleCount}`,
          customer: account ? { with_account: true, name: 'Customer', account_ref: account } : { with_account: false, name: 'Walk-in' },
          items: [],
          summary: 'Sale of bench items',
          total_quantity: 0,
          bank: r() < 0.3 ? { name: { ref: BANKS[saleCount % 3], name: 'Bank' }, amount: 100 } : undefined,
          date,
        };
        saleLines = 0;
        saleTotal = 0;
      }
      saleLines++;
      saleTotal += quantity * 150;
      yield* push({ _id: `9B${id}`, stores: 'sale_item', id: item, name: item, quantity, price: 150, factor: -1, to: 'store', date, transaction: { ref: sale._id, invoice: sale.invoice_number, summary: 'Sale of bench items' } });
    } else if (roll < 0.9) {
      const expiry = r() < 0.3 ? date + Math.floor(r() * 400) * 86400000 : undefined;
      yield* push({ _id: `bB${id}`, stores: 'purchase_item', id: item, name: item, quantity: quantity * 2, price: 100, to: WAREHOUSES[j % 5], date, ...(expiry ? { expiry_date: expiry } : {}), transaction: { ref: `3B${id}`, summary: 'Purchase of bench items' } });
    } else if (roll < 0.94) {
      yield* push({ _id: `6D${id}`, stores: 'damaged-goods', item: { id: item, name: item }, quantity: -1, date });
    } else if (roll < 0.97) {
      const customer = r() < 0.5;
      yield* push({ _id: `6R${id}`, stores: 'good-returns', item: { id: item, name: item, rate: 150 }, quantity: customer ? 1 : -1, amount: customer ? -150 : 150, date });
    } else {
      yield* push({ _id: `eB${id}`, stores: 'warehouse-transfer', from: { location: 'store', value: 'Main store' }, to: { location: 'dW1', value: 'Warehouse 1' }, item: { id: item, name: item }, quantity: 1, date });
    }
    if (r() < 0.01) {
      const account = r() < 0.2 ? BIG_CUSTOMER : customerId(Math.floor(r() * customers));
      yield* push({ _id: `5B${id}`, stores: 'payment', client: { name: 'Customer', account_ref: account }, factor: -1, amount: 500 + Math.floor(r() * 5000), medium: r() < 0.5 ? 'cash' : { ref: BANKS[j % 3], name: 'Bank' }, date });
    }
    // About two expenses a day over the three years, half from the drawer, the rest from the banks.
    if (re() < 0.005) {
      const source = re() < 0.5 ? 'cash' : { ref: BANKS[j % 3], name: 'Bank' };
      yield* push({ _id: `aB${id}`, stores: 'expense', amount: 200 + Math.floor(re() * 20000), source, description: 'Bench expense', category: EXPENSE_CATEGORIES[j % 5], date });
    }
  }
  if (sale) yield* push({ ...sale, total_due: saleTotal, amount_paid: Math.round(saleTotal * 0.6) });
  // The client-scale payments. First each customer's start balance ('Start balance', excluded), sized so that
  // what they later pay leaves about half of them owing (debtors) and half in credit; then the rest in date
  // order over the span: mostly money received, some sent back; 2 % on the busiest customer.
  const payments = SIZES[size].payments ?? 0;
  const client = (account: string) => ({ name: `Customer ${parseInt(account.slice(2), 36)}`, account_ref: account });
  const openings = Math.min(customers, payments);
  const perCustomer = (payments - openings) / customers;
  for (let k = 0; k < openings; k++) {
    const account = customerId(k);
    // Net received per later payment ≈ (0.85 − 0.15) × 2,600.
    const expected = perCustomer * 0.7 * 2600;
    yield* push({ _id: `5C${pad(k)}`, stores: 'payment', client: client(account), by: account, factor: 1, amount: Math.round(expected * (0.5 + r())) + 1, medium: 'Start balance', exclude: true, date: START });
  }
  for (let k = openings; k < payments; k++) {
    const date = START + Math.floor(((k - openings) / (payments - openings)) * SPAN);
    const account = r() < 0.02 ? BIG_CUSTOMER : customerId(Math.floor(r() * customers));
    const roll = r();
    yield* push({
      _id: `5C${pad(k)}`,
      stores: 'payment',
      client: client(account),
      by: account,
      factor: roll < 0.85 ? -1 : 1,
      amount: 100 + Math.floor(r() * 5000),
      medium: roll < 0.6 ? 'cash' : { ref: BANKS[k % 3], name: 'Bank' },
      date,
    });
  }
  if (out.length) yield out;
}
