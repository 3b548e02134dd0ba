/** Shared set-up of the store tests: items with starting stock, read back through the commands. */
import type { ItemCreateInput } from '../../commands/items';
import type { NodeBackend } from '../../worker/backend';
import { seed } from '../support/seed';
import { ok } from './helpers';

/** An item-create through the one seed helper (tests/support/seed.ts), priced 100 (bought at 80) unless given; answers its id. */
export async function addItem(b: NodeBackend, fields: Partial<ItemCreateInput> & { name: string }): Promise<string> {
  const [made] = await seed(b, [['item-create', { price: 100, purchasePrice: 80, ...fields }]]);
  return made.id;
}

/** The item's balance as the store screen shows it (all warehouses, or one). */
export async function balance(b: NodeBackend, id: string, warehouse?: string): Promise<number> {
  const item = ok(await b.dispatch('item-get', { id, warehouse }));
  if (!item) throw new Error(`no item ${id}`);
  return item.balance;
}

/** The failure of a reply that should fail. */
export function failure(reply: { ok: boolean; error?: { code: string; message: string } }): { code: string; message: string } {
  if (reply.ok || !reply.error) throw new Error('expected a failure');
  return reply.error;
}
