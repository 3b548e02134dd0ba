/**
 * sms-balance and the device's rule (document 000 sections 5 and 7, document 001 section 9): units needed are
 * ceil(length / 160) and must not exceed the balance, which is derived from the server's credits minus the
 * messages' units (no counter). A message that could not be queued never costs the operation.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { queueSms } from '../../worker/sms/outbox';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER } from '../support/fixtures';
import { configure, saleInput, seed } from './sales-fixtures';
import { expectKind } from '../support/docs';

const stamp = { fullname: OWNER.fullname, username: OWNER.username };
const credit = (id: string, units: number) => ({ _id: `sms-credit-${id}`, stores: 'sms-credit', units, reason: 'purchase', date: 0 });

async function withCredits(...units: number[]) {
  const b = await makeBackend();
  for (const [i, u] of units.entries()) await b.ctx.db.shared.put(credit(String(i), u) as never);
  return b;
}

const balance = async (b: Awaited<ReturnType<typeof makeBackend>>) => ok(await b.dispatch('sms-balance', {})).balance;

test('160 characters take one unit, 161 take two; the balance drops by each message\'s units', async () => {
  const b = await withCredits(10);
  assert.is(await balance(b), 10);
  const one = await queueSms(b.ctx, { recipient: '08030001234', message: 'a'.repeat(160), user: stamp, kind: 'sale' });
  const two = await queueSms(b.ctx, { recipient: '08030001234', message: 'b'.repeat(161), user: stamp, kind: 'payment' });
  assert.ok('id' in one && 'id' in two);
  const docs = await b.ctx.db.main.allDocs({ keys: ['id' in one ? one.id : '', 'id' in two ? two.id : ''], include_docs: true });
  assert.equal(docs.rows.map((r) => ('doc' in r ? expectKind(r.doc, 'sms').units : 0)), [1, 2]);
  assert.is(await balance(b), 7);
  await b.close();
});

test('a balance of 1 refuses 161 characters with the spec\'s toast text and queues nothing', async () => {
  const b = await withCredits(1);
  const refused = await queueSms(b.ctx, { recipient: '08030001234', message: 'c'.repeat(161), user: stamp, kind: 'sale' });
  assert.equal(refused, { notice: 'SMS units has been exhausted' });
  assert.is((await b.ctx.db.main.allDocs({ startkey: 'f', endkey: 'f\uffff' })).rows.length, 0);
  assert.is(await balance(b), 1);
  // An empty text (a template of placeholders with no values) is not queued.
  assert.equal(await queueSms(b.ctx, { recipient: '08030001234', message: '  ', user: stamp, kind: 'sale' }), { notice: 'The SMS template is empty: no message was sent' });
  // 160 characters fit the one unit exactly.
  assert.ok('id' in (await queueSms(b.ctx, { recipient: '08030001234', message: 'c'.repeat(160), user: stamp, kind: 'sale' })));
  assert.is(await balance(b), 0);
  await b.close();
});

test('a stock transfer with no credits at all gets the browser alert text; with too few, the toast', async () => {
  const none = await withCredits();
  assert.equal(await queueSms(none.ctx, { recipient: '08030001234', message: 'hello', user: stamp, kind: 'transfer' }), {
    notice: 'Message cannot be sent. SMS Credits exhausted',
    alert: true,
  });
  const few = await withCredits(1);
  assert.equal(await queueSms(few.ctx, { recipient: '08030001234', message: 'd'.repeat(200), user: stamp, kind: 'transfer' }), { notice: 'SMS units has been exhausted' });
  await none.close();
  await few.close();
});

test('credits and messages that arrive by sync move the balance; a failed message gives its units back', async () => {
  const b = await withCredits(10);
  assert.is(await balance(b), 10);
  // Another device's message (older shape without units: counted by its text) and a new purchase, as sync writes them.
  await b.ctx.db.main.put({ _id: 'fBother1', stores: 'sms', sender: 'Ada', recipient: '0803', message: 'e'.repeat(320), status: 'queued', date: T0 } as never);
  await b.ctx.db.shared.put(credit('more', 200) as never);
  assert.is(await balance(b), 208);
  const other = await b.ctx.db.main.get('fBother1');
  await b.ctx.db.main.put({ ...other, status: 'failed', reason: 'insufficient units' } as never);
  assert.is(await balance(b), 210);
  await b.close();
});

test('the sale is saved and answered even when writing its SMS fails', async () => {
  const b = await withCredits(10);
  await seed(b);
  await configure(b, { smsOnSale: true });
  const put = b.ctx.db.main.put.bind(b.ctx.db.main);
  b.ctx.db.main.put = ((doc: { _id: string }) => (doc._id.startsWith('f') ? Promise.reject(new Error('disk full')) : put(doc as never))) as typeof b.ctx.db.main.put;
  const saved = ok(await b.dispatch('sale-create', saleInput()));
  assert.is(saved.sms, undefined);
  assert.is(saved.smsNotice, 'The SMS could not be queued');
  assert.ok(await b.ctx.db.main.get(saved.id), 'the sale was saved');
  assert.is(await balance(b), 10);
  await b.close();
});

test('sms-log lists messages newest first with units, status and reason; the summary has balance and this month\'s units', async () => {
  const b = await withCredits(20);
  const last = new Date(2026, 1, 20).getTime(); // February: not this month (T0 is March 5)
  await b.ctx.db.main.bulkDocs([
    { _id: 'fAold', stores: 'sms', sender: 'Ada', recipient: '0801', message: 'old', units: 1, status: 'sent', date: last },
    { _id: 'fAnew', stores: 'sms', sender: 'Ada', recipient: '0802', message: 'x'.repeat(170), units: 2, status: 'sent', date: T0 },
    { _id: 'fAbad', stores: 'sms', sender: 'Ada', recipient: '0803', message: 'refused', units: 1, status: 'failed', reason: 'insufficient units', date: T0 - 1000 },
  ] as never[]);
  const page = ok(await b.dispatch('sms-log', { offset: 0, limit: 50 }));
  assert.equal(page.rows.map((r) => [r.recipient, r.units, r.status, r.reason]), [
    ['0802', 2, 'sent', ''],
    ['0803', 1, 'failed', 'insufficient units'],
    ['0801', 1, 'sent', ''],
  ]);
  assert.equal(page.summary, { balance: 17, spentThisMonth: 2 });
  const found = ok(await b.dispatch('sms-log', { offset: 0, limit: 50, search: 'insufficient' }));
  assert.equal(found.rows.map((r) => r._id), ['fAbad']);
  await b.close();
});

test.run();
