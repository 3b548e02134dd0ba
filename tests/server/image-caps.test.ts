/**
 * Issue 26, finding 8 (pictures): the server holds pictures to the worker's caps, with the worker's messages:
 * an item's picture MAX_IMAGE_CHARS (200,000), the invoice header's images MAX_HEADER_IMAGE_CHARS (400,000) and
 * its rich text MAX_HEADER_HTML_CHARS. Before, a 900 KB header image was stored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INVOICE_HEADER_MESSAGES, MAX_HEADER_HTML_CHARS, MAX_HEADER_IMAGE_CHARS } from '../../commands/invoice-header';
import { MAX_IMAGE_CHARS } from '../../commands/items';
import { freshServer, registerBusiness } from './helpers';

let env: Awaited<ReturnType<typeof freshServer>>;
test.before(async () => {
  env = await freshServer();
});
test.after(async () => {
  await env?.stop();
});

const picture = (chars: number) => 'data:image/jpeg;base64,' + 'A'.repeat(chars - 23);

test('pictures over the caps are refused with the worker messages; at the caps they are stored', async () => {
  const a = await registerBusiness(env.server, { name: 'Picture Shop' });
  const main = `/db/oja-${a.id}`, shared = `/db/oja-${a.id}-shared`;
  const user = { username: a.username, fullname: 'Ada Obi' };
  const item = (image: string) => ({ stores: 'item', name: 'Rice', price: 100, purchasePrice: 80, date: 1000, user, image });
  const big = await a.owner.call('PUT', `${main}/7item-big`, item(picture(MAX_IMAGE_CHARS + 1)));
  assert.is(big.status, 403, JSON.stringify(big.body).slice(0, 200));
  assert.is(big.body.reason, 'The image is too large.');
  assert.is((await a.owner.call('PUT', `${main}/7item-ok`, item(picture(MAX_IMAGE_CHARS)))).status, 201);

  const header = (fields: Record<string, unknown>) => ({ stores: 'invoice-header', ...fields });
  const existing = await a.owner.call('GET', `${shared}/invoice-header`);
  const rev = existing.status === 200 ? { _rev: existing.body._rev } : {};
  const huge = await a.owner.call('PUT', `${shared}/invoice-header`, { ...rev, ...header({ img: true, header: picture(900_000) }) });
  assert.is(huge.status, 403, JSON.stringify(huge.body).slice(0, 200));
  assert.is(huge.body.reason, INVOICE_HEADER_MESSAGES.imageTooLarge);
  const footer = await a.owner.call('PUT', `${shared}/invoice-header`, { ...rev, ...header({ img: true, header: picture(1000), footer: picture(MAX_HEADER_IMAGE_CHARS + 1) }) });
  assert.is(footer.body.reason, INVOICE_HEADER_MESSAGES.imageTooLarge);
  const long = await a.owner.call('PUT', `${shared}/invoice-header`, { ...rev, ...header({ content: 'x'.repeat(MAX_HEADER_HTML_CHARS + 1) }) });
  assert.is(long.body.reason, INVOICE_HEADER_MESSAGES.contentTooLong);
  const ok = await a.owner.call('PUT', `${shared}/invoice-header`, { ...rev, ...header({ img: true, header: picture(MAX_HEADER_IMAGE_CHARS), footer: picture(MAX_HEADER_IMAGE_CHARS) }) });
  assert.is(ok.status, 201, JSON.stringify(ok.body).slice(0, 200));
});

test.run();
