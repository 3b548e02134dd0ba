/** business-export: the owner gets every document of main, shared and denormalized; nobody else gets any. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXPORT_FORMAT, EXPORT_MESSAGES } from '../../commands/export';
import { makeBackend, ok, T0 } from './helpers';
import { OWNER, RICE } from '../support/fixtures';
import { line, saleInput, seed } from './sales-fixtures';
import { untyped } from '../../worker/db';

test('the owner exports every document of the three synced databases, with ids and revisions', async () => {
  const b = await makeBackend();
  await seed(b);
  const sale = ok(await b.dispatch('sale-create', saleInput({ items: [line(RICE, 2)] })));
  ok(await b.dispatch('config-set', { currency: '$' }));
  await b.ctx.db.denormalized.put({ _id: 'summary-1', stores: 'summary', total: 3 });
  await b.ctx.db.local.put({ _id: 'device-only', secret: true });

  const out = ok(await b.dispatch('business-export', {}));
  assert.is(out.format, EXPORT_FORMAT);
  assert.is(out.business, OWNER.business);
  assert.is(out.exportedBy, OWNER.username);
  assert.is(out.exported, T0);
  for (const kind of ['main', 'shared', 'denormalized'] as const) {
    const all = await untyped(b.ctx.db[kind]).allDocs({ include_docs: true });
    assert.equal(out.databases[kind], all.rows.map((r) => r.doc), `${kind}: every document as stored`);
  }
  assert.ok(out.databases.main.some((d) => d._id === sale.id && d.invoice_number === sale.invoice_number));
  assert.ok(out.databases.main.filter((d) => d.stores === 'sale_item').length >= 1);
  assert.ok(out.databases.shared.some((d) => d.key === 'currency' && d.value === '$'));
  assert.ok(JSON.stringify(out).length > 0 && !JSON.stringify(out).includes('device-only'), 'the device-only database stays out');
  await b.close();
});

test('any other level is refused, and so is a signed-out device', async () => {
  for (const level of [1, 2, 3, 4] as const) {
    const b = await makeBackend({ user: { ...OWNER, username: `staff${level}`, level } });
    const reply = await b.dispatch('business-export', {});
    assert.equal(reply, { ok: false, error: { code: 'forbidden', message: EXPORT_MESSAGES.ownerOnly } });
    await b.close();
  }
  const b = await makeBackend({ user: null });
  const reply = await b.dispatch('business-export', {});
  assert.is(reply.ok ? '' : reply.error.code, 'signed-out');
  await b.close();
});

test.run();
