/** parked-save, parked-list, parked-take: baskets parked on this device are never sales and never synced. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackendEvent } from '../../commands/events';
import { fixedClock, makeBackend, ok } from './helpers';
import { seed } from './sales-fixtures';
import { BEANS, RICE } from '../support/fixtures';

const basket = (label: string) => ({
  label,
  source: 'quick' as const,
  lines: [
    { id: RICE.id, name: RICE.name, price: RICE.price, quantity: 2 },
    { id: BEANS.id, name: BEANS.name, price: BEANS.price, quantity: 1 },
  ],
  customer: { name: 'Walk-in customer' },
  amount_paid: 500,
});

test('a parked basket is listed with its total and comes back whole when taken, once', async () => {
  const b = await makeBackend();
  await seed(b);
  const saved = ok(await b.dispatch('parked-save', basket(' Table 4 ')));
  assert.is(saved.label, 'Table 4');
  assert.is(saved.total, 3301); // 2 × 1250.50 + 800
  const list = ok(await b.dispatch('parked-list', {}));
  assert.equal(list.map((p) => [p.label, p.lines.length, p.amount_paid]), [['Table 4', 2, 500]]);
  const taken = ok(await b.dispatch('parked-take', { id: saved.id }));
  assert.equal(taken.lines, basket('x').lines);
  assert.equal(ok(await b.dispatch('parked-list', {})), []);
  const again = await b.dispatch('parked-take', { id: saved.id });
  assert.is(!again.ok && again.error.message, 'That parked sale is no longer here (it was resumed already)');
  await b.close();
});

test('parked baskets are never sales: no sale documents, nothing in the sales list, cashbook or stock', async () => {
  const clock = fixedClock();
  const b = await makeBackend({ clock });
  await seed(b);
  const before = await b.ctx.db.main.info();
  ok(await b.dispatch('parked-save', basket('Mama Ngozi')));
  clock.advance(60_000);
  ok(await b.dispatch('parked-save', { ...basket('7'), source: 'form', form: { lpo: 'L1' } }));
  await b.settled();
  await b.ctx.ledger.ready();
  assert.is((await b.ctx.db.main.info()).doc_count, before.doc_count, 'nothing written to the synced main database');
  const shared = await b.ctx.db.shared.allDocs({ include_docs: true });
  assert.not.ok(shared.rows.some((r) => (r.doc as { stores?: string }).stores === 'parked-sale'));
  assert.is(ok(await b.dispatch('sales-list', { offset: 0, limit: 100 })).total, 0);
  assert.is(ok(await b.dispatch('cashbook-list', { offset: 0, limit: 100 })).total, 0);
  assert.is(b.ctx.ledger.stock(RICE.id), RICE.stock, 'stock untouched');
  const list = ok(await b.dispatch('parked-list', {}));
  assert.equal(list.map((p) => p.label), ['Mama Ngozi', '7']);
  assert.equal(list[1].form, { lpo: 'L1' });
  await b.close();
});

test('a name is required, an empty basket is refused, two baskets may not share a name; nothing is saved', async () => {
  const b = await makeBackend();
  const noName = await b.dispatch('parked-save', basket('  '));
  assert.is(!noName.ok && noName.error.message, 'Give the parked sale a name or number');
  const empty = await b.dispatch('parked-save', { ...basket('A'), lines: [] });
  assert.is(!empty.ok && empty.error.message, 'There is nothing to park: the basket is empty');
  ok(await b.dispatch('parked-save', basket('Table 4')));
  const twice = await b.dispatch('parked-save', basket('table 4'));
  assert.is(!twice.ok && twice.error.message, "A parked sale is already called 'table 4'");
  assert.is(ok(await b.dispatch('parked-list', {})).length, 1);
  await b.close();
});

test('parking and resuming announce a parked-sale change (so every tab of the device refreshes its list)', async () => {
  const b = await makeBackend();
  const events: BackendEvent[] = [];
  const stop = b.subscribe((e) => events.push(e));
  const saved = ok(await b.dispatch('parked-save', basket('Table 1')));
  ok(await b.dispatch('parked-take', { id: saved.id }));
  stop();
  const kinds = events.filter((e) => e.kind === 'changed' && e.types.includes('parked-sale'));
  assert.is(kinds.length, 2);
  await b.close();
});

test.run();
