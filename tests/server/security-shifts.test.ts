/**
 * A shift close matches an existing open of the same till and is written by that shift's cashier or a manager,
 * with the writer's stamp; money fields are bounded by MAX_AMOUNT (issue 26, finding 3), over real HTTP.
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

test("a cashier cannot close someone else's shift, nor one that is not open; the figures are bounded", async () => {
  const a = await registerBusiness(env.server, { name: 'Shift Guard Shop' });
  const main = `/db/oja-${a.id}`;
  const cashier = await addStaff(a.owner, a.id, 'Tolu Cashier', 3);
  const manager = await addStaff(a.owner, a.id, 'Musa Manager', 1);
  const stamp = (username: string) => ({ username, fullname: 'x' });
  const put = async (c: Client, id: string, doc: object) => c.call('PUT', `${main}/${id}`, doc);
  const refused = async (c: Client, id: string, doc: object, reason: RegExp) => {
    const res = await put(c, id, doc);
    assert.is(res.status, 403, `${id} ${JSON.stringify(doc)}: ${res.status} ${JSON.stringify(res.body)}`);
    assert.match(String(res.body.reason), reason);
  };
  const open = (who: string, float: number, till = 'tA') => ({ stores: 'shift-open', till, float, date: 1000, user: stamp(who) });
  const close = (shift: string, who: string, extra: object = {}) => ({ stores: 'shift-close', shift, till: 'tA', opened_by: a.username, date: 2000, count: [], counted: 0, user: stamp(who), ...extra });

  await refused(a.owner, 'shift-tA-huge', open(a.username, 1e308), /opening float/);
  await refused(a.owner, 'shift-tA-nostamp', { ...open(a.username, 100), user: undefined }, /user stamp/);
  await refused(cashier.client, 'shift-tA-other', open(a.username, 100), /user stamp|stamp must be your own/);
  assert.is((await put(a.owner, 'shift-tA-1', open(a.username, 100))).status, 201);

  // The red team's write: no stamp, counted 0, on the owner's shift.
  const { user: _u, ...unstamped } = close('shift-tA-1', cashier.username);
  await refused(cashier.client, 'shift-tA-1-close', unstamped, /user stamp/);
  await refused(cashier.client, 'shift-tA-1-close', close('shift-tA-1', cashier.username), /Only the cashier who opened this shift or a manager/);
  await refused(cashier.client, 'shift-tA-1-close', close('shift-tA-1', cashier.username, { opened_by: cashier.username }), /names who opened the shift/);
  await refused(cashier.client, 'shift-tA-1-close', close('shift-tA-1', cashier.username, { opened_by: undefined }), /names who opened the shift/);
  await refused(a.owner, 'shift-tA-none-close', close('shift-tA-none', a.username), /needs its shift open/);
  await refused(a.owner, 'shift-tA-1-close', close('shift-tA-1', a.username, { till: 'tB' }), /till/);
  await refused(a.owner, 'shift-tA-1-close', close('shift-tA-1', a.username, { counted: 1e308 }), /counted cash/);
  await refused(a.owner, 'shift-tA-1-close', close('shift-tA-1', a.username, { count: [{ value: 1e13, count: 1 }], counted: 100 }), /count line/);
  await refused(a.owner, 'shift-tA-1-close', close('shift-tA-1', a.username, { count: [{ value: 100, count: 0.5 }], counted: 50 }), /count line/);
  // In a batch the forged close alone is refused, with the reason; the rest of the batch is stored.
  const bulk = await cashier.client.call('POST', `${main}/_bulk_docs`, {
    docs: [
      { _id: 'shift-tA-1-close', ...close('shift-tA-1', cashier.username, { opened_by: cashier.username }) },
      { _id: 'shift-tC-2', ...open(cashier.username, 50, 'tC') },
      { _id: 'shift-tC-2-close', ...close('shift-tC-2', cashier.username, { till: 'tC', opened_by: cashier.username, count: [{ value: 50, count: 1 }], counted: 50 }) },
    ],
  });
  assert.equal(bulk.body.map((r: { ok?: boolean; error?: string }) => r.ok ?? r.error), ['forbidden', true, true], JSON.stringify(bulk.body));
  assert.match(bulk.body[0].reason, /names who opened the shift/);

  // The owner's shift is still the owner's to close (or a manager's).
  assert.is((await put(manager.client, 'shift-tA-1-close', close('shift-tA-1', manager.username, { count: [{ value: 100, count: 1 }], counted: 100 }))).status, 201);
  assert.is((await put(a.owner, 'shift-tA-3', open(a.username, 0))).status, 201);
  assert.is((await put(a.owner, 'shift-tA-3-close', close('shift-tA-3', a.username))).status, 201);
});

test.run();
