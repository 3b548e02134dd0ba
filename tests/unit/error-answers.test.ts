/**
 * Issue 37, finding 9: an error answer the database server writes itself never carries a stack or a path
 * (express-pouchdb put a validation function's RangeError, with its stack and /work/... paths, in `reason`);
 * ordinary refusals go on untouched. A real express app on 127.0.0.1, asked over HTTP.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainErrorAnswers } from '../../server/couch/errors';
import { logText } from '../../server/log-text';

const STACK = { error: 'RangeError', reason: 'RangeError: Maximum call stack size exceeded\n    at JSON.stringify (<anonymous>)\n    at /work/main/node_modules/couchdb-eval/lib/index.js:101:10' };

test('a stack or a path in an error answer becomes a short reason; a plain refusal stays as it was', async () => {
  const app = express();
  app.use(plainErrorAnswers());
  app.get('/stack', (_req, res) => res.status(500).json(STACK));
  app.get('/refused', (_req, res) => res.status(403).json({ error: 'forbidden', reason: 'Your role may not change item documents.' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const logged: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args.join(' '));
  try {
    const stack = await fetch(`${base}/stack`);
    assert.is(stack.status, 500);
    const text = await stack.text();
    assert.not.match(text, /node_modules|\/work\/|\n\s+at /);
    assert.equal(JSON.parse(text), { error: 'internal', reason: 'Something went wrong on the server.' });
    const refused = await fetch(`${base}/refused`);
    assert.equal(await refused.json(), { error: 'forbidden', reason: 'Your role may not change item documents.' });
    assert.is(logged.length, 1, 'the original is logged once');
    assert.not.match(String(logged[0]), /\n/, 'on one line');
  } finally {
    console.error = error;
    server.close();
  }
});

test('user text in a log line stays on one line, quoted and cut', () => {
  assert.is(logText('Hello\nOja listening on http://evil'), '"Hello\\nOja listening on http://evil"');
  assert.is(logText('x'.repeat(10), 4), '"xxxx…"');
});

test.run();
