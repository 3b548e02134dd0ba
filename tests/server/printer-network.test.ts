/**
 * The network printer's route (server/printer/print-route.ts) over real HTTP, against a TCP listener of this
 * test on 127.0.0.1 (reachable only because this server runs with PRINTER_ALLOW_LOOPBACK=1, which no shop
 * sets): a member's bytes arrive exactly; anonymous callers, other businesses, addresses off the LAN, ports
 * the server does not allow, oversized or unreadable data are refused before any connection; a printer that
 * does not answer is a short message, never a hang or a stack.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { addStaff, Client, freshServer, registerBusiness } from './helpers';

type Fresh = Awaited<ReturnType<typeof freshServer>>;
let fresh: Fresh;
let listener: Server;
let printerPort = 0;
let closedPort = 0;
let silent: { port: number; child: ChildProcess; fillers: Socket[] };
const received: number[][] = [];
let biz: Awaited<ReturnType<typeof registerBusiness>>;
let cashier: Client;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** Every connection's bytes, once it ends. */
function nextReceipt(): Promise<number[]> {
  const have = received.length;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (received.length > have) {
        clearInterval(poll);
        resolve(received[have]);
      } else if (Date.now() - started > 10000) {
        clearInterval(poll);
        reject(new Error('the printer got nothing'));
      }
    }, 20);
  });
}

/**
 * A printer that never answers a connection: another process listens with room for one waiting connection and
 * then blocks, so it accepts none; two connections of ours fill its queue and the kernel drops the next one's
 * SYN, as with a switched-off device behind a switch.
 */
async function silentPrinter(): Promise<typeof silent> {
  const code = `const s = require('node:net').createServer(); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => { console.log(s.address().port); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  const fillers: Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect(port, '127.0.0.1');
    fillers.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  }
  return { port, child, fillers };
}

test.before(async () => {
  silent = await silentPrinter();
  listener = createServer((socket) => {
    const bytes: number[] = [];
    socket.on('data', (d) => bytes.push(...d));
    socket.on('end', () => {
      received.push(bytes);
      socket.end();
    });
  });
  printerPort = await listen(listener);
  const closed = createServer();
  closedPort = await listen(closed);
  await new Promise((r) => closed.close(r));
  fresh = await freshServer({ PRINTER_ALLOW_LOOPBACK: '1', PRINTER_PORTS: `${printerPort},${closedPort},${silent.port},9100`, PRINTER_TIMEOUT_MS: '1500', PRINTER_MAX_BYTES: '4096' });
  biz = await registerBusiness(fresh.server);
  cashier = (await addStaff(biz.owner, biz.id, 'Tolu Ade', 3)).client;
});

test.after(async () => {
  await fresh?.stop();
  await new Promise((r) => listener?.close(r));
  for (const f of silent?.fillers ?? []) f.destroy();
  silent?.child.kill('SIGKILL');
});

const RECEIPT = Buffer.from([0x1b, 0x40, ...Buffer.from('Mama Ngozi Provisions\n'), 0x1b, 0x70, 0x00, 0x32, 0xfa, 0x1d, 0x56, 0x00, 0x00, 0xff]);
const print = (client: Client, body: Record<string, unknown>, business = biz.id) => client.call('POST', `/api/printer/${business}/print`, body);
const job = (extra: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: printerPort, data: RECEIPT.toString('base64'), ...extra });

test("a member's receipt reaches the printer byte for byte, the owner's and a cashier's", async () => {
  for (const client of [biz.owner, cashier]) {
    const arrived = nextReceipt();
    const res = await print(client, job());
    assert.is(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body, { ok: true, bytes: RECEIPT.length });
    assert.equal(await arrived, [...RECEIPT]);
  }
});

test('anonymous callers and members of another business are refused, and nothing is sent', async () => {
  const before = received.length;
  const anonymous = await print(new Client(fresh.server.url), job());
  assert.is(anonymous.status, 401);
  const other = await registerBusiness(fresh.server, { email: 'other@example.com', name: 'Other shop' });
  const stranger = await print(other.owner, job());
  assert.is(stranger.status, 403);
  // Nor through a business id that is not the caller's.
  assert.is((await print(cashier, job(), other.id)).status, 403);
  await new Promise((r) => setTimeout(r, 200));
  assert.is(received.length, before);
});

test('addresses off the shop LAN are refused before any connection', async () => {
  for (const host of ['8.8.8.8', '1.1.1.1', '100.64.0.1', '172.32.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '::ffff:8.8.8.8', '2001:4860:4860::8888', 'fc00::1']) {
    const res = await print(biz.owner, job({ host, port: 9100 }));
    assert.is(res.status, 400, host);
    assert.is(res.body.error, 'printer-not-lan', host);
    assert.match(res.body.message, /shop’s own network/);
  }
  for (const host of ['', 'a b', 'x'.repeat(300), 'http://192.168.1.5/']) {
    const res = await print(biz.owner, job({ host }));
    assert.is(res.status, 400, host);
  }
});

test('only the allowed ports; data bounded in size and form', async () => {
  const port = await print(biz.owner, job({ port: 22 }));
  assert.is(port.status, 400);
  assert.is(port.body.error, 'printer-port');
  assert.match(port.body.message, new RegExp(`${printerPort}`));
  const large = await print(biz.owner, job({ data: Buffer.alloc(4097, 0x41).toString('base64') }));
  assert.is(large.status, 413);
  assert.is(large.body.error, 'printer-too-large');
  for (const data of ['', 'not base64!', undefined]) {
    const res = await print(biz.owner, job({ data }));
    assert.is(res.status, 400, String(data));
    assert.is(res.body.error, 'printer-data');
  }
});

test('a printer that does not answer: a short message, in time, never a stack', async () => {
  const refused = await print(biz.owner, job({ port: closedPort }));
  assert.is(refused.status, 502);
  assert.is(refused.body.message, `The printer at 127.0.0.1:${closedPort} did not answer.`);
  // A printer that takes no connection: answered when PRINTER_TIMEOUT_MS (1.5 s here) is up, not a hang.
  const started = Date.now();
  const silence = await print(biz.owner, job({ port: silent.port }));
  assert.is(silence.status, 504);
  assert.is(silence.body.message, `The printer at 127.0.0.1:${silent.port} did not answer in time.`);
  const took = Date.now() - started;
  assert.ok(took >= 1400 && took < 6000, `${took} ms`);
  for (const res of [refused, silence]) assert.not.match(JSON.stringify(res.body), /\sat \S+ \(|\/work\/|node:internal|\.ts:\d/);
});

test('without PRINTER_ALLOW_LOOPBACK the server itself is off limits', async () => {
  const plain = await freshServer({ PRINTER_PORTS: String(printerPort) });
  try {
    const other = await registerBusiness(plain.server);
    const res = await other.owner.call('POST', `/api/printer/${other.id}/print`, job());
    assert.is(res.status, 400);
    assert.is(res.body.error, 'printer-not-lan');
  } finally {
    await plain.stop();
  }
});

test.run();
