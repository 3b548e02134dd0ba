/**
 * The bank accounts in memory: an index of the bank id range (prefix 'c') kept current from the changes feed,
 * with balances from the ledger. No scan, no query per bank.
 */
import type { BankRow } from '../../commands/banks';
import type { BankDoc } from '../../commands/docs';
import { ID_PREFIX } from '../../commands/lib/ids';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { createPrefixIndex, prefixIndex } from '../prefix-index';

export type BankEntry = Pick<BankDoc, '_id' | 'name' | 'account_name' | 'account_number'>;

function toEntry(d: Record<string, unknown>): BankEntry | undefined {
  return d.stores === 'bank' && !d._deleted
    ? { _id: String(d._id), name: String(d.name ?? ''), account_name: String(d.account_name ?? ''), account_number: String(d.account_number ?? '') }
    : undefined;
}

function bankIndex(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'bank-docs', () => createPrefixIndex<BankEntry>(ctx.db.main, ID_PREFIX.bank, toEntry));
}

/** The bank accounts by name with their balances (money held), for selectors and the banks list. */
export async function listBanks(ctx: Ctx): Promise<BankRow[]> {
  const entries = await bankIndex(ctx).entries();
  await ctx.ledger.ready();
  return [...entries.values()].map((b) => ({ ...b, balance: ctx.ledger.bank(b._id) })).sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
}

/** One bank by id (one read by key), or undefined (deleted, never existed, or not a bank). */
export async function findBank(ctx: Ctx, id: string): Promise<BankEntry | undefined> {
  const doc = id ? await getKind(ctx.db.main, id, 'bank') : undefined;
  return doc ? toEntry(doc) : undefined;
}

