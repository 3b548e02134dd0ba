/**
 * The sales tests' business: the sample items (tests/support/fixtures.ts) with starting stock and the customer,
 * written directly (as the store and clients domains would), each write checked.
 */
import type { ConfigValues } from '../../commands/config';
import type { SaleInput } from '../../commands/sales';
import type { NodeBackend } from '../../worker/backend';
import { BEANS, CUSTOMER, GARRI, RICE, type SampleItem } from '../support/fixtures';
import { seedItems } from './item-seed';
import { ok } from './helpers';

export async function seed(b: NodeBackend, items: SampleItem[] = [RICE, BEANS, GARRI]): Promise<void> {
  await seedItems(b, items, [{ _id: CUSTOMER._id, stores: 'customer', name: CUSTOMER.name, phone_number: CUSTOMER.phone_number }]);
}

export async function configure(b: NodeBackend, values: Partial<ConfigValues>): Promise<void> {
  ok(await b.dispatch('config-set', values));
  await b.settled(); // the config cache refreshes from the shared changes feed
}

export function line(item: SampleItem, quantity: number, extra: Partial<SaleInput['items'][number]> = {}) {
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
