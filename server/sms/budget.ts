/**
 * The server's record of the units it has committed for a business (messages it sent or is sending), in the
 * admin-only directory database. It is the one place several dispatcher processes in front of one CouchDB
 * agree on what a business has left: a message is reserved against it with a revision-checked write (a 409
 * means another process got there first: read again and retry), so the committed units never exceed the
 * credits, however many devices spent the same units offline. Devices never see or write this document;
 * their balance stays derived from credits and messages (commands/lib/sms-balance.ts).
 * `claims` holds the messages reserved but not yet settled, so a reservation and its release are idempotent
 * (a dispatcher killed between the two settles it after its restart).
 * A branch has no units of its own (issue 37, finding 8): its messages draw on its parent's pool, the parent's
 * credits and the parent's budget document (poolOf), so every branch and the parent share the units the owner
 * bought, and the updates of one pool run one after another whichever of its businesses sends.
 */
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB } from '../couch/names';
import { getBusiness } from '../api/directory';
import { smsCredits } from './credits';

export type BudgetDoc = {
  _id: string;
  _rev?: string;
  type: 'sms-budget';
  business: string;
  /** Units of messages sent or being sent. */
  spent: number;
  claims: Record<string, { units: number; at: number }>;
};

const budgetId = (business: string) => `sms-budget:${business}`;
const path = (business: string) => `/${DIRECTORY_DB}/${encodeURIComponent(budgetId(business))}`;

export async function readBudget(couch: CouchClient, business: string): Promise<BudgetDoc> {
  const doc = await couch.get<BudgetDoc>(DIRECTORY_DB, budgetId(business));
  return doc ?? { _id: budgetId(business), type: 'sms-budget', business, spent: 0, claims: {} };
}

/** The last update of each business's budget in this process: the next waits for it (see update). */
const turns = new Map<string, Promise<unknown>>();

/**
 * Applies `change` to the budget with a revision check, retrying on conflicts; answers what `change` answered.
 * Within one process the updates of a business run one after another (its messages are delivered several at a
 * time, ./follower.ts), so only another process's write can make one conflict.
 */
function update<T>(couch: CouchClient, business: string, change: (b: BudgetDoc) => { write: boolean; result: T }): Promise<T> {
  const run = (turns.get(business) ?? Promise.resolve()).then(
    () => updateNow(couch, business, change),
    () => updateNow(couch, business, change),
  );
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  turns.set(business, settled);
  void settled.then(() => turns.get(business) === settled && turns.delete(business));
  return run;
}

async function updateNow<T>(couch: CouchClient, business: string, change: (b: BudgetDoc) => { write: boolean; result: T }): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const budget = await readBudget(couch, business);
    const { write, result } = change(budget);
    if (!write) return result;
    const res = await couch.request('PUT', path(business), budget);
    if (res.status < 300) return result;
    if (res.status !== 409) throw new Error(`SMS budget write: ${res.status}`);
  }
  throw new Error('SMS budget: too many conflicting writers');
}

/** The business whose credits and budget a business's messages draw on: a branch's parent, else itself. */
export async function poolOf(couch: CouchClient, business: string): Promise<string> {
  const known = pools.get(business);
  if (known) return known;
  const record = await getBusiness(couch, business);
  const pool = record?.branch?.of ? String(record.branch.of) : business;
  // A business's record says once whether it is a branch, and of which business: it is kept for the process.
  if (record) pools.set(business, pool);
  return pool;
}
const pools = new Map<string, string>();

/** A message's claim in its pool's budget: a branch's messages are named with their business (ids are per database). */
const claimKey = (pool: string, business: string, message: string) => (pool === business ? message : `${business}/${message}`);

/** Reserves a message's units: 'reserved' (now or already), or 'insufficient' when the credits cannot cover it. */
export async function reserveUnits(couch: CouchClient, business: string, message: string, units: number, now: number): Promise<'reserved' | 'insufficient'> {
  const pool = await poolOf(couch, business);
  const key = claimKey(pool, business, message);
  const credits = await smsCredits(couch, pool);
  return update(couch, pool, (b) => {
    if (b.claims[key]) return { write: false, result: 'reserved' as const };
    if (b.spent + units > credits) return { write: false, result: 'insufficient' as const };
    b.spent += units;
    b.claims[key] = { units, at: now };
    return { write: true, result: 'reserved' as const };
  });
}

/** Settles a reservation: a sent message keeps its units spent; anything else gives them back. No claim: no-op. */
export async function settleUnits(couch: CouchClient, business: string, message: string, sent: boolean): Promise<void> {
  const pool = await poolOf(couch, business);
  const key = claimKey(pool, business, message);
  await update(couch, pool, (b) => {
    const claim = b.claims[key];
    if (!claim) return { write: false, result: undefined };
    delete b.claims[key];
    if (!sent) b.spent = Math.max(0, b.spent - claim.units);
    return { write: true, result: undefined };
  });
}

/**
 * The business's balance as the server sees it: credits minus the units it sent or is sending (never below 0).
 * A branch's is its parent's pool, named by `pool` (what the branch's messages draw on).
 */
export async function serverBalance(couch: CouchClient, business: string): Promise<{ balance: number; credits: number; spent: number; pool?: string }> {
  const pool = await poolOf(couch, business);
  const [credits, budget] = await Promise.all([smsCredits(couch, pool), readBudget(couch, pool)]);
  return { balance: credits - budget.spent, credits, spent: budget.spent, ...(pool === business ? {} : { pool }) };
}
