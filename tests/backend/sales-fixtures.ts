/** Items with starting stock and a customer, written directly (as the store and clients domains would). */
import type { ConfigValues } from '../../commands/config';
import type { SaleInput } from '../../commands/sales';
import type { NodeBackend } from '../../worker/backend';
import { ok } from './helpers';

export const RICE = { id: '7Arice', name: 'Rice', price: 1250.5, purchasePrice: 1000, stock: 10 };
export const BEANS = { id: '7Abeans', name: 'Beans', price: 800, purchasePrice: 600, stock: 5 };
export const GARRI = { id: '7Agarri', name: 'Garri', price: 0.1, purchasePrice: 0.05, stock: 100 };
export const CUSTOMER = { _id: '4Achi', name: 'Chioma', phone_number: '+2348030000000' };

type Seed = { id: string; name: string; price: number; purchasePrice: number; stock: number; warehouse?: string };

export async function seed(b: NodeBackend, items: Seed[] = [RICE, BEANS, GARRI]): Promise<void> {
  const docs: object[] = [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }];
  for (const it of items) {
    docs.push({ _id: it.id, stores: 'item', name: it.name, price: it.price, purchasePrice: it.purchasePrice });
    docs.push({ _id: `${it.id}-i`, stores: 'stock', item: { name: it.name, id: it.id }, quantity: it.stock, price: it.purchasePrice, to: it.warehouse ?? 'store', extra_notes: 'Starting stock', date: 0 });
  }
  await b.ctx.db.main.bulkDocs(docs as never[]);
}

export async function configure(b: NodeBackend, values: Partial<ConfigValues>): Promise<void> {
  ok(await b.dispatch('config-set', values));
  await b.settled(); // the config cache refreshes from the shared changes feed
}

export function line(item: Seed, quantity: number, extra: Partial<SaleInput['items'][number]> = {}) {
  return { id: item.id, name: item.name, price: item.price, quantity, ...extra };
}

/** A managed customer's sale, paid in full unless told otherwise. */
export function saleInput(overrides: Partial<SaleInput> = {}): SaleInput {
  return {
    customer: { with_account: true, name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, account_ref: CUSTOMER._id },
    items: [line(RICE, 2)],
    amount_paid: 2501,
    ...overrides,
  };
}
