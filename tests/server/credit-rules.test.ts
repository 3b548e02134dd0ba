/**
 * Credit limits on the server (issue 28), over real HTTP: a customer's limit is an amount of 0 or more within
 * MAX_AMOUNT that only a manager sets or changes; a manager's approval past a limit is either the writer's own
 * (level 0-1) or one POST /api/credit-approval recorded after checking that manager's password and level, for
 * that customer. What the server cannot enforce (balances across offline tills) is in validate-credit.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addStaff, freshServer, registerBusiness, type Client } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

const stamp = (username: string) => ({ username, fullname: username });

test('a credit limit is an amount of 0 or more, on a customer, set or changed by a manager only', async () => {
  const a = await registerBusiness(env.server, { name: 'Limit Shop' });
  const main = `/db/oja-${a.id}`;
  const agent = await addStaff(a.owner, a.id, 'Tolu Agent', 3);
  const manager = await addStaff(a.owner, a.id, 'Musa Manager', 1);
  const put = (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${id}`, doc);
  const refused = async (c: Client, id: string, doc: object, reason: RegExp) => {
    const res = await put(c, id, doc);
    assert.is(res.status, 403, `${id} ${JSON.stringify(doc)}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason, `${id}: ${JSON.stringify(res.body)}`);
  };
  const customer = (who: string, extra: object = {}) => ({ stores: 'customer', name: 'Chioma', date: 1, user: stamp(who), ...extra });

  await refused(a.owner, '4Aneg', customer(a.username, { credit_limit: -1 }), /credit limit is an amount of 0 or more/);
  await refused(a.owner, '4Atext', customer(a.username, { credit_limit: '5000' }), /credit limit is an amount of 0 or more/);
  await refused(a.owner, '4Ahuge', customer(a.username, { credit_limit: 1e12 }), /Credit limit must be below 1,000,000,000,000/);
  await refused(a.owner, '4Asup', { ...customer(a.username, { credit_limit: 10 }), stores: 'supplier' }, /Only a customer has a credit limit/);
  await refused(agent.client, '4Aagent', customer(agent.username, { credit_limit: 10 }), /Only a manager .* credit limit/);

  const made = await put(a.owner, '4Achi', customer(a.username, { credit_limit: 5000 }));
  assert.is(made.status, 201);
  // Level 3 edits the customer but not the limit: raising it, or removing it, is refused.
  const edit = (extra: object, rev: string) => ({ ...customer(a.username), _rev: rev, ...extra });
  await refused(agent.client, '4Achi', edit({ credit_limit: 90000, updatedBy: stamp(agent.username) }, made.body.rev), /Only a manager .* credit limit/);
  await refused(agent.client, '4Achi', edit({ updatedBy: stamp(agent.username) }, made.body.rev), /Only a manager .* credit limit/);
  const renamed = await put(agent.client, '4Achi', edit({ name: 'Chioma A.', credit_limit: 5000, updatedBy: stamp(agent.username) }, made.body.rev));
  assert.is(renamed.status, 201, JSON.stringify(renamed.body));
  const raised = await put(manager.client, '4Achi', edit({ credit_limit: 0, updatedBy: stamp(manager.username) }, renamed.body.rev));
  assert.is(raised.status, 201, JSON.stringify(raised.body));
});

test("an approval past a limit is a manager's: their own, or one the server recorded after their password", async () => {
  const a = await registerBusiness(env.server, { name: 'Approval Shop' });
  const other = await registerBusiness(env.server, { name: 'Other Shop', email: 'other@example.com' });
  const main = `/db/oja-${a.id}`;
  const cashier = await addStaff(a.owner, a.id, 'Tolu Cashier', 3);
  const accountant = await addStaff(a.owner, a.id, 'Ngozi Accountant', 2);
  const manager = await addStaff(a.owner, a.id, 'Musa Manager', 1);
  const put = (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${id}`, doc);
  const refused = async (c: Client, id: string, doc: object, reason: RegExp) => {
    const res = await put(c, id, doc);
    assert.is(res.status, 403, `${id} ${JSON.stringify(doc)}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason, `${id}: ${JSON.stringify(res.body)}`);
  };
  assert.is((await put(a.owner, '4Achi', { stores: 'customer', name: 'Chioma', credit_limit: 5000, date: 1, user: stamp(a.username) })).status, 201);
  const sale = (who: string, approval: object | undefined, account = '4Achi') => ({
    stores: 'sale',
    invoice_number: 'T0001',
    date: 2,
    customer: { with_account: true, name: 'Chioma', account_ref: account },
    items: [],
    amount_paid: 0,
    total_due: 6000,
    total_quantity: 1,
    summary: 'Sale of Rice',
    user: stamp(who),
    ...(approval ? { credit_approval: approval } : {}),
  });
  const approval = (username: string, extra: object = {}) => ({ username, fullname: username, at: 1000, limit: 5000, balance: 6000, ...extra });

  // Written by hand: no manager behind them.
  await refused(cashier.client, '2Aself', sale(cashier.username, approval(cashier.username)), /Only a manager \(level 0 or 1\) approves/);
  await refused(cashier.client, '2Anoid', sale(cashier.username, approval(manager.username)), /names the server's approval record/);
  await refused(cashier.client, '2Aforged', sale(cashier.username, approval(manager.username, { id: 'credit-approval-made-up' })), /not one the server recorded/);
  await refused(cashier.client, '2Ashape', sale(cashier.username, approval(manager.username, { limit: -5 })), /limit and the balance/);
  await refused(cashier.client, 'credit-approval-mine', { stores: 'credit-approval', customer: '4Achi', by: stamp(manager.username), at: 1, requested_by: cashier.username }, /may not change credit-approval/);
  // A manager's own approval needs no record.
  assert.is((await put(manager.client, '2Amanager', sale(manager.username, approval(manager.username)))).status, 201);

  // The API: the cashier's session, the manager's password.
  const ask = (c: Client, fields: Record<string, string>) => c.call('POST', '/api/credit-approval', { business: a.id, customer: '4Achi', ...fields });
  assert.is((await ask(cashier.client, { username: manager.username, password: 'wrong' })).status, 401);
  const notManager = await ask(cashier.client, { username: accountant.username, password: 'staffpass' });
  assert.equal([notManager.status, notManager.body.error], [403, 'not-manager']);
  const stranger = await ask(cashier.client, { username: other.username, password: 'secret12' });
  assert.equal([stranger.status, stranger.body.error], [403, 'not-manager']);
  const outsider = await other.owner.call('POST', '/api/credit-approval', { business: a.id, customer: '4Achi', username: manager.username, password: 'staffpass' });
  assert.is(outsider.status, 403);
  // As at sign-in, the manager may type their email (addStaff registers first-name@example.com).
  const byEmail = await ask(cashier.client, { username: 'musa@example.com', password: 'staffpass' });
  assert.equal([byEmail.status, byEmail.body.username], [200, manager.username], JSON.stringify(byEmail.body));
  assert.is((await ask(cashier.client, { username: 'musa@example.com', password: 'wrong' })).status, 401);
  const granted = await ask(cashier.client, { username: manager.username, password: 'staffpass' });
  assert.is(granted.status, 200, JSON.stringify(granted.body));
  const grant = granted.body as { id: string; username: string; fullname: string; at: number; customer: string };
  assert.equal([grant.username, grant.fullname, grant.customer, grant.id.startsWith('credit-approval-')], [manager.username, 'Musa Manager', '4Achi', true]);
  const recorded = await a.owner.call('GET', `${main}/${grant.id}`);
  assert.equal([recorded.body.stores, recorded.body.by.username, recorded.body.requested_by], ['credit-approval', manager.username, cashier.username]);

  const real = approval(manager.username, { fullname: grant.fullname, at: grant.at, id: grant.id });
  await refused(cashier.client, '2Alater', sale(cashier.username, { ...real, at: grant.at + 1 }), /manager and time the server recorded/);
  await refused(cashier.client, '2Aelse', sale(cashier.username, real, '4Aother'), /for another customer/);
  // In a till's batch the forged sale alone is refused; the approved one is stored.
  const bulk = await cashier.client.call('POST', `${main}/_bulk_docs`, {
    docs: [
      { _id: '2Abatch1', ...sale(cashier.username, approval(manager.username, { id: 'credit-approval-nope' })) },
      { _id: '2Aapproved', ...sale(cashier.username, real) },
    ],
  });
  assert.equal(bulk.body.map((r: { ok?: boolean; error?: string }) => r.ok ?? r.error), ['forbidden', true], JSON.stringify(bulk.body));
  // One approval, one sale: a second sale carrying it is refused, while the first can still be edited.
  await refused(cashier.client, '2Aagain', sale(cashier.username, real), /already used for another transaction/);
  // Someone else editing the approved sale later keeps the approval as it was.
  const stored = await a.owner.call('GET', `${main}/2Aapproved`);
  const edited = await put(a.owner, '2Aapproved', { ...stored.body, truck_number: 'LAG-1', updatedBy: stamp(a.username) });
  assert.is(edited.status, 201, JSON.stringify(edited.body));
});

test.run();
