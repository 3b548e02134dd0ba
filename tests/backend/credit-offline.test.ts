/**
 * Two tills offline and one credit limit (issue 28): each till checks the limit against the balance it knows.
 * Chioma may owe ₦5,000.00; the setting is Block. Offline, till A sells her 2 Rice on credit (₦2,501.00) and
 * till B, not having seen it, does the same: each stays under the limit, so neither is refused. Once both have
 * synced through the server, both sales are there (no sale is lost), Chioma owes ₦5,002.00, ₦2.00 past the
 * limit, and both tills list her under Over limit and count her on the day at a glance; the next credit sale
 * is refused on either till. The server keeps both too: it cannot know balances across devices
 * (server/couch/validate-credit.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PouchDB } from '../../worker/pouch';
import type { NodeBackend } from '../../worker/backend';
import { AGENT, CUSTOMER, OWNER, RICE } from '../support/fixtures';
import { makeBackend, ok } from './helpers';
import { configure, line, saleInput, seed } from './sales-fixtures';

type Db = PouchDB.Database<Record<string, unknown>>;
const db = (b: NodeBackend) => b.ctx.db.main as unknown as Db;

const creditSale = () => saleInput({ items: [line(RICE, 2)], amount_paid: 0, confirmDebt: true });

async function overLimit(b: NodeBackend) {
  const page = ok(await b.dispatch('client-list', { kind: 'customer', tab: 'over-limit', offset: 0, limit: 10 }));
  return { count: page.counts['over-limit'], rows: page.rows.map((r) => [r.name, r.balance]), glance: ok(await b.dispatch('day-glance', {})).overLimit };
}

test('two tills each under the limit offline: both sales kept, the customer over the limit once synced', async () => {
  const a = await makeBackend();
  const b = await makeBackend({ user: { ...OWNER, policyPrefix: 'B' } });
  const server = new PouchDB(`credit-server-${process.pid}`, { adapter: 'memory' }) as unknown as Db;
  await seed(a, [{ ...RICE, stock: 100 }]);
  ok(await a.dispatch('client-update', { id: CUSTOMER._id, name: CUSTOMER.name, phone_number: CUSTOMER.phone_number, credit_limit: 5000 }));
  for (const till of [a, b]) await configure(till, { creditLimitMode: 'block' });
  // Till B is a cashier's (the setting is the owner's: configured above as each till would receive it).
  b.ctx.setSession({ ...AGENT, policyPrefix: 'B' });
  await db(a).replicate.to(server);
  await db(b).replicate.from(server);
  assert.is(ok(await b.dispatch('client-credit', { id: CUSTOMER._id }))?.limit, 5000);

  // Offline: each till sells within what it knows.
  const fromA = ok(await a.dispatch('sale-create', creditSale()));
  const fromB = ok(await b.dispatch('sale-create', creditSale()));
  for (const till of [a, b]) assert.equal(ok(await till.dispatch('client-credit', { id: CUSTOMER._id })), { name: 'Chioma', balance: 2501, limit: 5000, left: 2499, over: false });
  // Till A alone refuses what passes the limit as it sees it.
  const third = await a.dispatch('sale-create', creditSale());
  assert.is(third.ok ? 'saved' : third.error.code, 'credit-blocked');

  // Back online: both push, both pull.
  for (const till of [a, b]) await db(till).replicate.to(server);
  for (const till of [a, b]) await db(till).replicate.from(server);
  const sales = (await server.allDocs({ include_docs: true })).rows.filter((r) => (r.doc as { stores?: string }).stores === 'sale').map((r) => r.id);
  assert.equal(sales.sort(), [fromA.id, fromB.id].sort(), 'both sales on the server');
  for (const till of [a, b]) {
    assert.equal(ok(await till.dispatch('client-credit', { id: CUSTOMER._id })), { name: 'Chioma', balance: 5002, limit: 5000, left: 0, over: true });
    assert.equal(await overLimit(till), { count: 1, rows: [['Chioma', 5002]], glance: 1 });
    const next = await till.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 0, confirmDebt: true }));
    assert.is(next.ok ? 'saved' : next.error.code, 'credit-blocked');
  }
  // Paying in full is never held back, even over the limit.
  ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 1)], amount_paid: 1250.5 })));
  await Promise.all([a.close(), b.close(), server.destroy()]);
});

test.run();
