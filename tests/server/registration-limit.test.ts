/**
 * Issue 26, finding 7: registrations are limited per client address (REGISTRATIONS_PER_HOUR, default 20, 0 = no
 * limit). Past the limit a registration is answered 429 with Retry-After and a clear message, and nothing is
 * created; parallel requests cannot slip past it. Since issue 37 (finding 8) a branch made by a signed-in owner
 * counts too: past the limit it is refused like any registration.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REGISTRATION } from '../support/fixtures';
import { freshServer, registerBusiness } from './helpers';
import { adminOf } from './security-cast';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function register(base: string, name: string) {
  return fetch(`${base}/api/create-business/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form({ ...REGISTRATION, name }),
  });
}

test('past REGISTRATIONS_PER_HOUR an address gets 429 with Retry-After; nothing more is created, a branch neither', async () => {
  const env = await freshServer({ REGISTRATIONS_PER_HOUR: '3' });
  try {
    const first = await registerBusiness(env.server, { name: 'Limit One' });
    for (const name of ['Limit Two', 'Limit Three']) assert.is((await register(env.server.url, name)).status, 201, name);
    const refused = await register(env.server.url, 'Limit Four');
    assert.is(refused.status, 429);
    const retry = Number(refused.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 3000 && retry <= 3600, `Retry-After ${refused.headers.get('retry-after')}`);
    const body = (await refused.json()) as { error: string; message: string };
    assert.is(body.error, 'too-many-registrations');
    assert.match(body.message, /^Too many businesses were registered from this address\. Please try again in 60 minutes\.$/);
    // Nothing was made for the refused one: the directory holds the three businesses only.
    const admin = adminOf(env.server);
    const rows = (await admin('GET', `/directory/_all_docs?startkey=${encodeURIComponent('"business:"')}&endkey=${encodeURIComponent('"business:\ufff0"')}`)).body.rows;
    assert.is(rows.length, 3);
    // A branch is three more databases and a login: it counts against the same limit (issue 37, finding 8).
    const branch = await first.owner.call('POST', '/api/create-business/', { owner: 'Chidi Manager', email: 'chidi@example.com', phone: '08033334444', password: 'branchpass', name: 'Ikeja', branch: JSON.stringify({ of: first.id, name: 'Ikeja' }) }, true);
    assert.is(branch.status, 429, JSON.stringify(branch.body));
    const after = (await admin('GET', `/directory/_all_docs?startkey=${encodeURIComponent('"business:"')}&endkey=${encodeURIComponent('"business:\ufff0"')}`)).body.rows;
    assert.is(after.length, 3);
  } finally {
    await env.stop();
  }
});

test('parallel registrations from one address cannot pass the limit', async () => {
  const env = await freshServer({ REGISTRATIONS_PER_HOUR: '2' });
  try {
    const answers = await Promise.all(['P One', 'P Two', 'P Three', 'P Four', 'P Five'].map((name) => register(env.server.url, name)));
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses, [201, 201, 429, 429, 429]);
  } finally {
    await env.stop();
  }
});

test('REGISTRATIONS_PER_HOUR=0 is no limit', async () => {
  const env = await freshServer({ REGISTRATIONS_PER_HOUR: '0' });
  try {
    for (const name of ['Free One', 'Free Two', 'Free Three', 'Free Four']) assert.is((await register(env.server.url, name)).status, 201, name);
  } finally {
    await env.stop();
  }
});

test.run();
