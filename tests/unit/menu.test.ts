import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_DEFAULTS, type ConfigValues } from '../../commands/config';
import { homePath, visibleMenu } from '../../src/shell/menu';
import { shortcutTarget } from '../../src/shell/shortcuts';
import { matchPath } from '../../src/router';
import { resolveRoute } from '../../src/routes';
import type { RoleLevel } from '../../commands/session';

const cfg = (over: Partial<ConfigValues> = {}): ConfigValues => ({ ...CONFIG_DEFAULTS, ...over });
const labels = (level: number, c: ConfigValues) => visibleMenu(level, c).map((e) => e.label);
const user = (level: RoleLevel) => ({ username: 'u', fullname: 'U', level, business: 'b', policyPrefix: '' });
const key = (code: string, mods: { alt?: boolean } = {}) => ({ altKey: !!mods.alt, ctrlKey: false, metaKey: false, shiftKey: false, code, key: code });

test('showroom and transportation appear only with their switches, for their levels', () => {
  assert.not.ok(labels(0, cfg()).includes('Showroom'));
  assert.ok(labels(0, cfg({ useShowroom: true })).includes('Showroom'));
  assert.ok(labels(4, cfg({ useShowroom: true })).includes('Showroom'));
  assert.not.ok(labels(3, cfg({ useShowroom: true })).includes('Showroom'));
  assert.ok(labels(3, cfg({ trackTransport: true })).includes('Transportation'));
  assert.not.ok(labels(4, cfg({ trackTransport: true })).includes('Transportation'));
});

test('users need Classic or Lite with sync; branch offices need Classic with sync', () => {
  assert.equal(labels(0, cfg({ edition: 'Lite' })).slice(-4), ['Users', 'Reports', 'Settings', 'Shifts']);
  assert.not.ok(labels(0, cfg({ edition: 'Basic' })).includes('Users'));
  assert.not.ok(labels(0, cfg({ sync: false })).includes('Users'));
  assert.not.ok(labels(0, cfg({ sync: false })).includes('Branch offices'));
  assert.ok(labels(1, cfg()).includes('Users'));
  assert.not.ok(labels(1, cfg()).includes('Branch offices'));
});

test('every switch on: all 14 entries in the spec order (Reports before Settings), then Shifts, for level 0', () => {
  assert.equal(labels(0, cfg({ useShowroom: true, trackTransport: true })), [
    'Cashbook', 'Banks', 'Sales', 'Purchases', 'Expenses', 'Customers', 'Suppliers', 'Store', 'Showroom', 'Transportation', 'Users', 'Branch offices', 'Reports', 'Settings', 'Shifts',
  ]);
});

test('shifts: every level that sells or keeps the cash (a cashier too: alt+4), never the store keeper', () => {
  assert.equal([0, 1, 2, 3, 4].map((l) => labels(l, cfg()).includes('Shifts')), [true, true, true, true, false]);
  assert.is(shortcutTarget(key('Digit4', { alt: true }), user(3), cfg()), '/shifts');
});

test('reports: managers and the admin by default, as the reports setting says', () => {
  assert.equal([0, 1, 2, 3, 4].map((l) => labels(l, cfg()).includes('Reports')), [true, true, false, false, false]);
  assert.equal([0, 1, 2, 3, 4].map((l) => labels(l, cfg({ reportsVisibility: 'accountants' })).includes('Reports')), [true, true, true, false, false]);
  assert.equal([0, 1, 2, 3, 4].map((l) => labels(l, cfg({ reportsVisibility: 'admin' })).includes('Reports')), [true, false, false, false, false]);
});

test('home path is the first allowed entry', () => {
  assert.is(homePath(0, cfg()), '/cashbook');
  assert.is(homePath(3, cfg()), '/sales');
  assert.is(homePath(4, cfg()), '/purchases');
  assert.is(homePath(undefined, cfg()), '/authentication/login');
});

test('shortcuts: alt+digit by visible position, alt+0 the tenth, alt+s by sales type, F2 level 0 only', () => {
  assert.is(shortcutTarget(key('Digit1', { alt: true }), user(3), cfg()), '/sales');
  assert.is(shortcutTarget(key('Digit3', { alt: true }), user(3), cfg()), '/customers');
  assert.is(shortcutTarget(key('Digit5', { alt: true }), user(3), cfg()), undefined);
  assert.is(shortcutTarget(key('Digit0', { alt: true }), user(0), cfg()), '/branches');
  assert.is(shortcutTarget(key('Digit1'), user(0), cfg()), undefined);
  assert.is(shortcutTarget(key('KeyS', { alt: true }), user(0), cfg({ salesType: 'quick' })), '/sales/quick');
  assert.is(shortcutTarget(key('KeyS', { alt: true }), user(0), cfg()), '/sales/new');
  assert.is(shortcutTarget(key('KeyS', { alt: true }), user(4), cfg()), undefined);
  assert.is(shortcutTarget(key('KeyP', { alt: true }), user(4), cfg()), '/purchases/new');
  assert.is(shortcutTarget(key('KeyP', { alt: true }), user(3), cfg()), undefined);
  assert.is(shortcutTarget({ ...key('F2'), key: 'F2' }, user(0), cfg()), '/settings');
  assert.is(shortcutTarget({ ...key('F2'), key: 'F2' }, user(1), cfg()), undefined);
});

test('routes: parameters, trailing slashes, literal routes before parameter ones', () => {
  assert.equal(matchPath('/sales/invoice/:id', '/sales/invoice/2abc/'), { id: '2abc' });
  assert.is(matchPath('/sales/invoice/:id', '/sales/invoice'), null);
  assert.is(resolveRoute('/sales/quick')?.route.title, 'Quick sale');
  assert.equal(resolveRoute('/sales/default')?.params, { salesType: 'default' });
  assert.equal(resolveRoute('/store/7a--7b')?.params, { items: '7a--7b' });
  assert.is(resolveRoute('/customer/4x/')?.route.title, 'Customer statement');
  assert.is(resolveRoute('/authentication/lock')?.route.shell, false);
  assert.is(resolveRoute('/nope'), undefined);
});

test.run();
