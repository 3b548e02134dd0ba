/** Customers, a supplier and a bank made through the commands, plus a balance reader, for the client tests. */
import type { NodeBackend } from '../../worker/backend';
import { ok } from './helpers';

export async function customer(b: NodeBackend, name: string, balance: number | string = 0, phone_number?: string) {
  return ok(await b.dispatch('client-create', { kind: 'customer', name, balance, ...(phone_number ? { phone_number } : {}) }))._id;
}

export async function supplier(b: NodeBackend, name: string, balance: number | string = 0) {
  return ok(await b.dispatch('client-create', { kind: 'supplier', name, balance }))._id;
}

export async function bank(b: NodeBackend, name = 'GTBank') {
  await b.ctx.db.main.put({ _id: 'cA1gtb', stores: 'bank', name, account_name: 'Ada Stores', account_number: '0123456789' } as never);
  return { ref: 'cA1gtb', name };
}

/** The client's ledger balance once every write so far is in. */
export async function balanceOf(b: NodeBackend, id: string) {
  await b.ctx.ledger.ready();
  return b.ctx.ledger.client(id);
}

export async function cash(b: NodeBackend) {
  await b.ctx.ledger.ready();
  return b.ctx.ledger.bank('cash');
}
