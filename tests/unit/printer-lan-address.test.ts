/** Which addresses the network-printer route may reach (server/printer/lan-address.ts) and its bounds (config.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isLanAddress } from '../../server/printer/lan-address';
import { DEFAULT_PRINTER_PORTS, printerConfig } from '../../server/printer/config';

test('private (RFC 1918) addresses are the LAN', () => {
  for (const a of ['10.0.0.5', '10.255.255.254', '172.16.0.1', '172.31.255.1', '192.168.1.50', '::ffff:192.168.1.50', '0:0:0:0:0:ffff:10.1.2.3']) {
    assert.ok(isLanAddress(a), a);
  }
});

test('public, loopback, link-local (the cloud metadata address), unspecified, broadcast and multicast addresses are not', () => {
  for (const a of ['169.254.169.254', '169.254.10.20', 'fe80::1', 'FE80::abcd:1', '::ffff:169.254.169.254', '8.8.8.8', '1.1.1.1', '172.15.0.1', '172.32.0.1', '192.169.0.1', '100.64.0.1', '127.0.0.1', '::1', '0.0.0.0', '::', '255.255.255.255', '224.0.0.1', '::ffff:8.8.8.8', '::ffff:127.0.0.1', '2001:4860:4860::8888', 'fc00::1', 'printer.local', '', '192.168.1', '192.168.1.256']) {
    assert.not.ok(isLanAddress(a), a);
  }
});

test('loopback only when the tests allow it', () => {
  assert.ok(isLanAddress('127.0.0.1', { loopback: true }));
  assert.ok(isLanAddress('::1', { loopback: true }));
  assert.not.ok(isLanAddress('8.8.8.8', { loopback: true }));
});

test('bounds from the environment: defaults, and nonsense falls back to them', () => {
  assert.equal(printerConfig({}), { ports: DEFAULT_PRINTER_PORTS, timeoutMs: 5000, maxBytes: 65536, perBusiness: 2, allowLoopback: false });
  const set = printerConfig({ PRINTER_PORTS: '9100, 6001,x,70000', PRINTER_TIMEOUT_MS: '999999', PRINTER_MAX_BYTES: '-5', PRINTER_ALLOW_LOOPBACK: 'yes' });
  assert.equal(set.ports, [9100, 6001]);
  assert.is(set.timeoutMs, 30000);
  assert.is(set.maxBytes, 65536);
  assert.is(set.allowLoopback, false);
});

test.run();
