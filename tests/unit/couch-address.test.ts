/**
 * COUCH_URL as documented, `http://NAME:PASSWORD@HOST:PORT` (issue 38, item 1: on a1cae3b such a URL stopped the
 * server at start, fetch refusing URLs with credentials): the admin is taken out of it and requests go to the
 * address alone; a cluster's nodes may be listed with commas; the admin given two different ways is refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { couchAddress } from '../../server/settings';

test('the admin comes out of COUCH_URL; requests go to the address without it', () => {
  assert.equal(couchAddress({ COUCH_URL: 'http://admin:p%40ss@127.0.0.1:5984/' }), { url: 'http://127.0.0.1:5984', urls: ['http://127.0.0.1:5984'], name: 'admin', password: 'p@ss' });
  assert.equal(couchAddress({ COUCH_URL: 'http://127.0.0.1:5984' }), { url: 'http://127.0.0.1:5984', urls: ['http://127.0.0.1:5984'] });
  assert.equal(couchAddress({}), { url: '', urls: [] });
});

test("a cluster's nodes, tried in turn, with the admin named once", () => {
  const a = couchAddress({ COUCH_URL: 'http://admin:pw@n1:5984, http://n2:5984,http://admin:pw@n3:5984' });
  assert.equal(a.urls, ['http://n1:5984', 'http://n2:5984', 'http://n3:5984']);
  assert.equal([a.name, a.password], ['admin', 'pw']);
  assert.throws(() => couchAddress({ COUCH_URL: 'http://admin:pw@n1:5984,http://other:pw@n2:5984' }), /two different admins/);
});

test('the admin given two different ways stops the start; the same way twice is fine', () => {
  assert.throws(() => couchAddress({ COUCH_URL: 'http://admin:pw@n1:5984', ADMIN_PASSWORD: 'other' }), /another password than ADMIN_PASSWORD/);
  assert.throws(() => couchAddress({ COUCH_URL: 'http://admin:pw@n1:5984', ADMIN_NAME: 'root' }), /another admin than ADMIN_NAME/);
  assert.is(couchAddress({ COUCH_URL: 'http://admin:pw@n1:5984', ADMIN_PASSWORD: 'pw' }).password, 'pw');
  assert.throws(() => couchAddress({ COUCH_URL: 'not a url' }), /COUCH_URL is not a URL/);
});

test.run();
