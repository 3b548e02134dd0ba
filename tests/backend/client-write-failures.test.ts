/**
 * When the database refuses a write, each client command answers the spec's text for it and nothing is half
 * saved: 'Payment creation failed', 'Cash adjustment not completed', 'Stock transfer failed',
 * 'Error occurred while updating {type} information', 'Error occured while creating new client'.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { NodeBackend } from '../../worker/backend';
import { makeBackend } from './helpers';
import { balanceOf, customer, supplier } from './client-fixtures';

/**
 * Makes the main database refuse every put and bulk write from now on (a broken database; a full disk has its
 * own answer, tests/backend/storage-full.test.ts, since every write tells the full-disk watch).
 */
function refuseWrites(b: NodeBackend) {
  const fail = async () => {
    throw Object.assign(new Error('The database refused the write'), { status: 500 });
  };
  const db = b.ctx.db.main as unknown as Record<string, unknown>;
  db.put = fail;
  db.bulkDocs = async (docs: unknown[]) => docs.map(() => ({ error: true, status: 500, message: 'The database refused the write' }));
}

test('each command answers its own failure text', async () => {
  const b = await makeBackend();
  await b.ctx.db.main.put({ _id: '7Arice', stores: 'item', name: 'Rice', price: 10, purchasePrice: 8 } as never);
  const ada = await customer(b, 'Ada', 100);
  const obi = await customer(b, 'Obi');
  const dan = await supplier(b, 'Dangote');
  refuseWrites(b);
  const message = async (reply: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const r = await reply;
    return r.ok ? 'ok' : r.error!.message;
  };
  assert.is(await message(b.dispatch('payment-create', { kind: 'customer', client: ada, factor: -1, amount: 10, medium: 'cash' })), 'Payment creation failed');
  assert.is(await message(b.dispatch('cash-adjustment-create', { kind: 'customer', client: ada, factor: 1, amount: 10 })), 'Cash adjustment not completed');
  assert.is(
    await message(b.dispatch('stock-transfer-create', { sender: ada, recipient: obi, item: { id: '7Arice', name: 'Rice' }, quantity: 1, send_price: 1, receive_price: 1 })),
    'Stock transfer failed',
  );
  assert.is(await message(b.dispatch('client-update', { id: ada, name: 'Ada Eze' })), 'Error occurred while updating customer information');
  assert.is(await message(b.dispatch('client-update', { id: dan, name: 'Dangote Mills' })), 'Error occurred while updating supplier information');
  assert.is(await message(b.dispatch('client-create', { kind: 'customer', name: 'Bola', balance: 50 })), 'Error occured while creating new client');
  assert.is(await balanceOf(b, ada), 100); // nothing moved
  await b.close();
});

test.run();
