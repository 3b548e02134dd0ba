/** invoice-header-get and invoice-header-set: one document in the shared database, admin only, images as data URLs. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { headerHasImage, MAX_HEADER_HTML_CHARS, MAX_HEADER_IMAGE_CHARS } from '../../commands/invoice-header';
import { makeBackend, ok } from './helpers';
import { OWNER } from '../support/fixtures';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('no header until the admin sets one; rich text and then image mode replace each other', async () => {
  const b = await makeBackend();
  assert.is(ok(await b.dispatch('invoice-header-get', {})), null);
  ok(await b.dispatch('invoice-header-set', { content: '<h1 style="text-align:center">Ada Stores Ltd</h1>' }));
  const rich = ok(await b.dispatch('invoice-header-get', {}));
  assert.equal(rich, { content: '<h1 style="text-align:center">Ada Stores Ltd</h1>', img: undefined, header: undefined, footer: undefined, size: undefined });
  assert.is(headerHasImage(rich), false);
  assert.is(((await b.ctx.db.shared.get('invoice-header')) as { stores: string }).stores, 'invoice-header');

  ok(await b.dispatch('invoice-header-set', { img: true, header: PNG, footer: PNG, size: { width: '180mm', height: '30mm' } }));
  const image = ok(await b.dispatch('invoice-header-get', {}));
  assert.equal([image?.img, image?.header, image?.footer, image?.size, image?.content], [true, PNG, PNG, { width: '180mm', height: '30mm' }, undefined]);
  assert.is(headerHasImage(image), true);
  await b.close();
});

test('only the admin sets it, and only images go in the header and footer', async () => {
  const b = await makeBackend({ user: { ...OWNER, level: 1, username: 'v2_ada.bola' } });
  let r = await b.dispatch('invoice-header-set', { content: 'Hi' });
  assert.equal(!r.ok && r.error, { code: 'forbidden', message: 'Only the admin can change the invoice header' });
  b.ctx.setSession(OWNER);
  r = await b.dispatch('invoice-header-set', { img: true, header: 'https://example.com/logo.png' });
  assert.equal(!r.ok && r.error, { code: 'not-image', message: 'The header and footer must be images' });
  r = await b.dispatch('invoice-header-set', { img: true, header: 'data:text/html;base64,PHNjcmlwdD4=' });
  assert.is(!r.ok && r.error.code, 'not-image');
  assert.is(ok(await b.dispatch('invoice-header-get', {})), null);
  await b.close();
});

test('an image past the size cap or a header past the length cap is refused, nothing stored', async () => {
  const b = await makeBackend();
  const huge = 'data:image/jpeg;base64,' + 'A'.repeat(MAX_HEADER_IMAGE_CHARS);
  let r = await b.dispatch('invoice-header-set', { img: true, header: huge });
  assert.equal(!r.ok && r.error, { code: 'too-large', message: 'The image is too large. Choose a smaller picture.' });
  r = await b.dispatch('invoice-header-set', { content: '<p>' + 'x'.repeat(MAX_HEADER_HTML_CHARS) + '</p>' });
  assert.equal(!r.ok && r.error, { code: 'too-long', message: 'The header is too long. Shorten the text.' });
  assert.is(ok(await b.dispatch('invoice-header-get', {})), null);
  await b.close();
});

test.run();
