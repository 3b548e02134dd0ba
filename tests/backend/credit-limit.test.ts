/**
 * Customer credit limits (issue 28): the limit on the customer (managers only, 0 or more, within MAX_AMOUNT),
 * the owner's setting when a sale, stock transfer or cash adjustment would take the balance past it (warn,
 * block, a manager's approval), the approval on the document and its statement, the sale form's credit view,
 * the Over limit tab and the day at a glance's count.
 *
 * Figures by hand: Rice sells at ₦1,250.50. Chioma has a limit of ₦5,000.00. 2 Rice unpaid = ₦2,501.00 owed
 * (₦2,499.00 left); 3 more unpaid = ₦3,751.50 more, ₦6,252.50 in all: ₦1,252.50 past the limit.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ConfigValues } from '../../commands/config';
import { CREDIT_APPROVAL_PREFIX, type CreditApprovalGrant } from '../../commands/lib/credit-limit';
import type { NodeBackend } from '../../worker/backend';
import { AGENT, CUSTOMER, MANAGER, OWNER, RICE } from '../support/fixtures';
import { stored } from '../support/docs';
import { makeBackend, ok } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';

const LIMIT = 5000;

async function business(mode: ConfigValues['creditLimitMode']): Promise<NodeBackend> {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { creditLimitMode: mode });
  ok(await b.dispatch('client-update', { id: CUSTOMER._id, name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, credit_limit: String(LIMIT) }));
  // ₦2,501.00 owed: within the limit, so no question asked.
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 0, confirmDebt: true })));
  return b;
}

const pastSale = (extra: object = {}) => saleInput({ items: [line(RICE, 3)], amount_paid: 0, confirmDebt: true, ...extra });

async function balance(b: NodeBackend): Promise<number> {
  return ok(await b.dispatch('client-credit', { id: CUSTOMER._id }))!.balance;
}

test('the limit: set by a manager, 0 or more, within the bound; empty text removes it', async () => {
  const b = await makeBackend();
  const made = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Bola', credit_limit: '20,000' }));
  assert.is(made.credit_limit, 20000);
  const neg = await b.dispatch('client-create', { kind: 'customer', name: 'Bisi', credit_limit: -1 });
  assert.equal(neg.ok ? 'saved' : neg.error.message, 'The credit limit cannot be less than zero');
  const big = await b.dispatch('client-create', { kind: 'customer', name: 'Bisi', credit_limit: 1e12 });
  assert.equal(big.ok ? 'saved' : big.error.message, 'Credit limit must be below 1,000,000,000,000');
  const text = await b.dispatch('client-create', { kind: 'customer', name: 'Bisi', credit_limit: 'plenty' });
  assert.equal(text.ok ? 'saved' : text.error.message, "Credit limit: 'plenty' is not an amount");
  // A supplier has no credit limit: the field is ignored.
  assert.is(ok(await b.dispatch('client-create', { kind: 'supplier', name: 'Alaba', credit_limit: 100 })).credit_limit, undefined);

  b.ctx.setSession(AGENT);
  const agent = await b.dispatch('client-update', { id: made._id, name: 'Bola', credit_limit: '90000' });
  assert.equal(agent.ok ? 'saved' : agent.error.code, 'credit-limit-level');
  // Level 3 may still edit the rest while leaving the limit as it is (absent, or the same amount).
  assert.is(ok(await b.dispatch('client-update', { id: made._id, name: 'Bola A.', credit_limit: '20000' })).credit_limit, 20000);
  assert.is(ok(await b.dispatch('client-update', { id: made._id, name: 'Bola B.' })).credit_limit, 20000);
  const create = await b.dispatch('client-create', { kind: 'customer', name: 'Tunde', credit_limit: 10 });
  assert.equal(create.ok ? 'saved' : create.error.code, 'credit-limit-level');

  b.ctx.setSession(MANAGER);
  assert.is(ok(await b.dispatch('client-update', { id: made._id, name: 'Bola', credit_limit: '' })).credit_limit, undefined);
  assert.is((await stored(b.ctx.db.main, made._id, 'customer')).credit_limit, undefined);
  await b.close();
});

test('the sale form sees the balance and the credit left, from the ledger', async () => {
  const b = await business('warn');
  assert.equal(ok(await b.dispatch('client-credit', { id: CUSTOMER._id })), { name: 'Chioma', balance: 2501, limit: 5000, left: 2499, over: false });
  assert.is(ok(await b.dispatch('client-credit', { id: 'nobody' })), null);
  await b.close();
});

test('warn: the sale past the limit asks, and goes through once confirmed', async () => {
  const b = await business('warn');
  const asked = await b.dispatch('sale-create', pastSale());
  assert.equal(asked.ok ? 'saved' : asked.error, {
    code: 'credit-warning',
    message: 'Chioma would owe ₦6,252.50, past the credit limit of ₦5,000.00 (owes ₦2,501.00 now).',
  });
  assert.is(await balance(b), 2501);
  const saved = ok(await b.dispatch('sale-create', pastSale({ confirmCredit: true })));
  assert.is((await stored(b.ctx.db.main, saved.id, 'sale')).credit_approval, undefined);
  assert.equal(ok(await b.dispatch('client-credit', { id: CUSTOMER._id })), { name: 'Chioma', balance: 6252.5, limit: 5000, left: 0, over: true });

  // Over limit: its tab and badge, and the day at a glance.
  const list = ok(await b.dispatch('client-list', { kind: 'customer', tab: 'over-limit', offset: 0, limit: 10 }));
  assert.equal([list.counts['over-limit'], list.rows.map((r) => [r.name, r.balance, r.credit_limit])], [1, [['Chioma', 6252.5, 5000]]]);
  assert.is(ok(await b.dispatch('day-glance', {})).overLimit, 1);
  // A payment that brings the balance back within the limit takes the customer off the list.
  ok(await b.dispatch('payment-create', { kind: 'customer', client: CUSTOMER._id, factor: -1, amount: 1252.5, medium: 'cash' }));
  assert.is(ok(await b.dispatch('client-list', { kind: 'customer', tab: 'over-limit', offset: 0, limit: 10 })).counts['over-limit'], 0);
  assert.is(ok(await b.dispatch('day-glance', {})).overLimit, 0);
  await b.close();
});

test("issue 39: with 'Block', an unpaid sale past the limit is refused before any 'Debt alert!' question; within it, the question still comes", async () => {
  const b = await business('block');
  const past = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 3)], amount_paid: 0 }));
  assert.is(past.ok ? 'saved' : past.error.code, 'credit-blocked');
  const within = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 0 }));
  assert.is(within.ok ? 'saved' : within.error.code, 'debt-unconfirmed');
  // 'Warn' keeps its order: the debt question, then the warning (the sale form answers both).
  await configure(b, { creditLimitMode: 'warn' });
  const warned = await b.dispatch('sale-create', saleInput({ items: [line(RICE, 3)], amount_paid: 0 }));
  assert.is(warned.ok ? 'saved' : warned.error.code, 'debt-unconfirmed');
  assert.is(await balance(b), 2501);
  await b.close();
});

test('block: refused with nothing written; what lowers or keeps the balance still goes through', async () => {
  const b = await business('block');
  const before = (await b.ctx.db.main.allDocs()).rows.length;
  const refused = await b.dispatch('sale-create', pastSale({ confirmCredit: true }));
  assert.equal(refused.ok ? 'saved' : refused.error, {
    code: 'credit-blocked',
    message: 'Chioma would owe ₦6,252.50, past the credit limit of ₦5,000.00 (owes ₦2,501.00 now). Take a payment or sell less: going past a credit limit is not allowed.',
  });
  assert.is((await b.ctx.db.main.allDocs()).rows.length, before);
  assert.is(await balance(b), 2501);
  // Exactly up to the limit is allowed: ₦2,499.00 more makes ₦5,000.00.
  ok(await b.dispatch('cash-adjustment-create', { kind: 'customer', client: CUSTOMER._id, factor: 1, amount: 2499 }));
  assert.is(await balance(b), 5000);
  // At the limit: a fully paid sale and a payment go through; a one-kobo adjustment does not.
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 })));
  const kobo = await b.dispatch('cash-adjustment-create', { kind: 'customer', client: CUSTOMER._id, factor: 1, amount: 0.01 });
  assert.is(kobo.ok ? 'saved' : kobo.error.code, 'credit-blocked');
  // A stock transfer to the customer raises their balance too: blocked; from them it lowers it: allowed.
  const other = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Emeka' }));
  const toChioma = await b.dispatch('stock-transfer-create', { sender: other._id, recipient: CUSTOMER._id, item: { id: RICE.id, name: RICE.name }, quantity: 1, send_price: 100, receive_price: 100 });
  assert.is(toChioma.ok ? 'saved' : toChioma.error.code, 'credit-blocked');
  ok(await b.dispatch('stock-transfer-create', { sender: CUSTOMER._id, recipient: other._id, item: { id: RICE.id, name: RICE.name }, quantity: 1, send_price: 100, receive_price: 100 }));
  assert.is(await balance(b), 4900);
  await b.close();
});

test('approval: a cashier needs a manager; the approval is recorded on the sale and shown on the statement', async () => {
  const b = await business('approval');
  b.ctx.setSession(AGENT);
  const asked = await b.dispatch('sale-create', pastSale({ confirmCredit: true }));
  assert.equal(asked.ok ? 'saved' : asked.error, {
    code: 'credit-approval',
    message: 'Chioma would owe ₦6,252.50, past the credit limit of ₦5,000.00 (owes ₦2,501.00 now). A manager must approve it.',
  });
  // An approval for another customer is no approval for this one.
  const grant: CreditApprovalGrant = { id: `${CREDIT_APPROVAL_PREFIX}x1`, username: MANAGER.username, fullname: MANAGER.fullname, at: 1_700_000_000_000, customer: CUSTOMER._id };
  const wrong = await b.dispatch('sale-create', pastSale({ creditApproval: { ...grant, customer: '4Aother' } }));
  assert.is(wrong.ok ? 'saved' : wrong.error.code, 'credit-approval');
  const saved = ok(await b.dispatch('sale-create', pastSale({ creditApproval: grant })));
  const sale = await stored(b.ctx.db.main, saved.id, 'sale');
  assert.equal(sale.credit_approval, { username: MANAGER.username, fullname: 'Femi Ola', at: 1_700_000_000_000, id: grant.id, limit: 5000, balance: 6252.5 });
  assert.is(sale.user?.username, AGENT.username);

  b.ctx.setSession(OWNER);
  const statement = ok(await b.dispatch('client-statement', { account: CUSTOMER._id, offset: 0, limit: 10 }));
  const rows = statement.rows.filter((r) => r.stores === 'sale');
  assert.equal(rows.map((r) => [r.debit, r.approval?.fullname, r.approval?.limit]), [
    [2501, undefined, undefined],
    [3751.5, 'Femi Ola', 5000],
  ]);
  // A stock transfer to Chioma approved by the manager shows on her statement, not on the sender's.
  const emeka = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Emeka' }));
  b.ctx.setSession(MANAGER);
  const moved = ok(await b.dispatch('stock-transfer-create', { sender: emeka._id, recipient: CUSTOMER._id, item: { id: RICE.id, name: RICE.name }, quantity: 1, send_price: 100, receive_price: 100, confirmCredit: true }));
  const rowOf = async (account: string) => ok(await b.dispatch('client-statement', { account, offset: 0, limit: 10 })).rows.find((r) => r.id === moved.id);
  assert.equal([(await rowOf(CUSTOMER._id))?.approval?.username, (await rowOf(emeka._id))?.approval], [MANAGER.username, undefined]);
  await b.close();
});

test("approval: a manager's own sale asks them to confirm and records them as the approver", async () => {
  const b = await business('approval');
  b.ctx.setSession(MANAGER);
  const asked = await b.dispatch('sale-create', pastSale());
  assert.equal(asked.ok ? 'saved' : [asked.error.code, asked.error.message.endsWith('As a manager, you approve it.')], ['credit-warning', true]);
  const saved = ok(await b.dispatch('sale-create', pastSale({ confirmCredit: true })));
  const stamp = (await stored(b.ctx.db.main, saved.id, 'sale')).credit_approval;
  assert.equal(stamp && [stamp.username, stamp.fullname, stamp.id, stamp.limit, stamp.balance], [MANAGER.username, 'Femi Ola', undefined, 5000, 6252.5]);
  await b.close();
});

test('an edited sale counts only what it adds: within the limit it passes, past it the setting applies; an approval stays', async () => {
  const b = await business('approval');
  await configure(b, { editableInvoice: true });
  const first = (await b.dispatch('sales-list', { offset: 0, limit: 5 }));
  const owners = ok(first).rows[0].sale;
  // The owner's ₦2,501.00 sale becomes nothing owed, and the agent makes their own (an agent edits only their own
  // sales: commands/rules/saved-edits.ts), ₦2,501.00 again.
  ok(await b.dispatch('sale-update', { id: owners, items: [line(RICE, 2)], amount_paid: 2501 }));
  b.ctx.setSession(AGENT);
  const id = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)], amount_paid: 0, confirmDebt: true }))).id;
  // The ₦2,501.00 sale edited to 3 Rice (₦3,751.50): ₦1,250.50 more, ₦3,751.50 owed, within the limit.
  ok(await b.dispatch('sale-update', { id, items: [line(RICE, 3)], amount_paid: 0, confirmDebt: true }));
  assert.is(await balance(b), 3751.5);
  // To 5 Rice (₦6,252.50): past the limit. A cashier needs a manager; a manager confirms.
  b.ctx.setSession(AGENT);
  const asked = await b.dispatch('sale-update', { id, items: [line(RICE, 5)], amount_paid: 0, confirmDebt: true });
  assert.is(asked.ok ? 'saved' : asked.error.code, 'credit-approval');
  b.ctx.setSession(MANAGER);
  ok(await b.dispatch('sale-update', { id, items: [line(RICE, 5)], amount_paid: 0, confirmDebt: true, confirmCredit: true }));
  const approved = (await stored(b.ctx.db.main, id, 'sale')).credit_approval;
  assert.equal(approved && [approved.username, approved.balance], [MANAGER.username, 6252.5]);
  // A later edit that lowers the balance keeps the approval it had.
  b.ctx.setSession(AGENT);
  ok(await b.dispatch('sale-update', { id, items: [line(RICE, 4)], amount_paid: 0, confirmDebt: true }));
  assert.equal((await stored(b.ctx.db.main, id, 'sale')).credit_approval, approved);
  assert.is(await balance(b), 5002);
  await b.close();
});

test('a customer without a limit, and a walk-in, are never held back', async () => {
  const b = await makeBackend();
  await seed(b);
  await configure(b, { creditLimitMode: 'block' });
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 8)], amount_paid: 0, confirmDebt: true })));
  ok(await b.dispatch('sale-create', saleInput({ customer: { with_account: false, name: 'Walk-in' }, items: [line(RICE, 1)], amount_paid: 0, confirmDebt: true })));
  assert.is(ok(await b.dispatch('client-list', { kind: 'customer', tab: 'over-limit', offset: 0, limit: 10 })).counts['over-limit'], 0);
  await b.close();
});

test.run();
