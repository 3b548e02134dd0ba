/**
 * Customer credit limits in the worker (commands/lib/credit-limit.ts): reading and checking a limit typed in
 * the client dialog, the sale form's balance and credit left, and the check every document that can raise a
 * customer's balance runs before it is written (sale-create and sale-update, stock-transfer-create for the
 * recipient, cash-adjustment-create). Balances come from the ledger's in-memory accounts, never a scan; what
 * a document moves is what the ledger will post for it (worker/ledger/postings.ts), so the check and the
 * balance shown afterwards cannot disagree.
 *
 * What the worker cannot see: another till's sales not yet synced. Two tills offline can each stay under a
 * limit that together they pass; both sales are kept and the customer shows in Over limit once both have
 * synced (README 'Credit limits').
 */
import {
  CREDIT_APPROVAL_PREFIX,
  CREDIT_MESSAGES,
  creditMessage,
  creditView,
  isCreditManager,
  passesLimit,
  type CreditApprovalStamp,
  type CreditInput,
  type CreditView,
} from '../../commands/lib/credit-limit';
import type { UserStamp } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { parseMoney, readAsZero } from '../../commands/lib/money';
import { checkAmount } from '../../commands/lib/bounds';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { Book, MONEY_SCALE, postingsOf } from '../ledger/postings';

/**
 * The limit as typed in the client dialog: empty (or null) = no limit; otherwise an amount of 0 or more within
 * MAX_AMOUNT. Text that is no amount is refused rather than read as 0 (a limit of 0 would block every credit sale).
 */
export function parseCreditLimit(input: unknown): number | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') {
    if (input.trim() === '') return undefined;
    if (readAsZero(input)) throw new UserError('credit-limit', `Credit limit: '${input.trim()}' is not an amount`);
  }
  const limit = checkAmount(parseMoney(input), 'Credit limit');
  if (limit < 0) throw new UserError('credit-limit', CREDIT_MESSAGES.limitNegative);
  return limit;
}

/** Only a manager sets or changes a limit (the server's gate runs the same rule: commands/rules/credit.ts). */
export function checkLimitChange(level: number | undefined, before: number | undefined, after: number | undefined): void {
  if (before !== after && !isCreditManager(level)) throw new UserError('credit-limit-level', CREDIT_MESSAGES.limitLevel);
}

async function customerOf(ctx: Ctx, id: string | undefined) {
  if (!id) return undefined;
  const doc = await getKind(ctx.db.main, id, 'customer');
  return doc && !doc._deleted && doc.stores === 'customer' ? doc : undefined;
}

/** The sale form's view of a customer: ledger balance, limit and credit left. */
export async function clientCredit(ctx: Ctx, id: string): Promise<(CreditView & { name: string }) | null> {
  const doc = await customerOf(ctx, id);
  if (!doc) return null;
  await ctx.ledger.ready();
  return { name: doc.name, ...creditView(ctx.ledger.client(doc._id), doc.credit_limit) };
}

/** What the documents post to one client account, in minor units (deleted or absent documents: nothing). */
function postedTo(account: string, docs: readonly object[]): number {
  let sum = 0;
  for (const doc of docs) for (const p of postingsOf(doc as never)) if (p.book === Book.Client && p.account === account) sum += p.delta;
  return sum;
}

export type CreditCheck = {
  /** The customer's _id whose balance the documents may raise. */
  account: string | undefined;
  /** The documents about to be written, and (an edit) the versions they replace. */
  next: readonly object[];
  previous?: readonly object[];
  input: CreditInput;
  user: UserStamp;
};

/** The customer, limit and balances when the documents take the customer past their limit, else undefined. */
async function pastLimit(ctx: Ctx, check: CreditCheck) {
  const customer = await customerOf(ctx, check.account);
  if (!customer || customer.credit_limit === undefined) return undefined;
  const limit = customer.credit_limit;
  await ctx.ledger.ready();
  const before = ctx.ledger.client(customer._id);
  const delta = postedTo(customer._id, check.next) - postedTo(customer._id, check.previous ?? []);
  const after = (Math.round(before * MONEY_SCALE) + delta) / MONEY_SCALE;
  if (!passesLimit(limit, before, after)) return undefined;
  const cfg = await ctx.config();
  const text = (mode: Parameters<typeof creditMessage>[0]) => creditMessage(mode, customer.name, limit, before, after, cfg.currency);
  return { customer, limit, after, text, mode: cfg.creditLimitMode };
}

/**
 * With 'Block', the refusal a sale past the limit meets, asked before anything else a person would answer
 * (issue 39: the 'Debt alert!' question came first, then the refusal). Other modes are checkCredit's.
 */
export async function refuseBlocked(ctx: Ctx, check: CreditCheck): Promise<void> {
  const past = await pastLimit(ctx, check);
  if (past?.mode === 'block') throw new UserError('credit-blocked', past.text('block'));
}

/**
 * Runs the owner's setting when the documents take the customer past their limit: throws 'credit-warning'
 * (warn, or a manager's own approval to confirm), 'credit-blocked' or 'credit-approval' (a manager must
 * approve); answers the approval stamp to record, or undefined when nothing was passed (or only warned).
 */
export async function checkCredit(ctx: Ctx, check: CreditCheck): Promise<CreditApprovalStamp | undefined> {
  const past = await pastLimit(ctx, check);
  if (!past) return undefined;
  const { customer, limit, after, text, mode } = past;
  if (mode === 'block') throw new UserError('credit-blocked', text('block'));
  if (mode === 'warn') {
    if (!check.input.confirmCredit) throw new UserError('credit-warning', text('warn'));
    return undefined;
  }
  // Approval. A manager writing the document approves it themselves by confirming.
  if (isCreditManager(check.user.level)) {
    if (!check.input.confirmCredit) throw new UserError('credit-warning', text('self'));
    return { username: check.user.username, fullname: check.user.fullname, at: ctx.clock(), limit, balance: after };
  }
  const grant = check.input.creditApproval;
  if (!grant) throw new UserError('credit-approval', text('approval'));
  const fits =
    typeof grant.id === 'string' &&
    grant.id.startsWith(CREDIT_APPROVAL_PREFIX) &&
    grant.customer === customer._id &&
    typeof grant.username === 'string' &&
    grant.username !== '' &&
    typeof grant.at === 'number';
  if (!fits) throw new UserError('credit-approval', CREDIT_MESSAGES.badApproval);
  return { username: grant.username, fullname: String(grant.fullname ?? ''), at: grant.at, id: grant.id, limit, balance: after };
}
