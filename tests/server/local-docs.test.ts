/**
 * Issue 37, finding 9: `_local` documents are bounded in size and in number per member (on a1cae3b any member
 * stored any number of any size: 1 MB each, without end). A checkpoint as PouchDB writes it still passes; past
 * MAX_LOCAL_PER_MEMBER the member's oldest goes, and their newest stay readable.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_LOCAL_BODY_BYTES, MAX_LOCAL_PER_MEMBER } from '../../server/couch/limits';
import { freshServer } from './helpers';
import { castOf, cleanError, type Cast } from './security-cast';

let env: Awaited<ReturnType<typeof freshServer>>;
let cast: Cast;
test.before(async () => {
  env = await freshServer();
  cast = await castOf(env.server, 'Local Shop');
});
test.after(async () => {
  await env?.stop();
});

const checkpoint = (n: number) => ({ session_id: `s${n}`, last_seq: n, history: [{ session_id: `s${n}`, last_seq: n }], replicator: 'pouchdb', version: 1 });

test('a local document larger than a checkpoint is refused', async () => {
  const res = await cast.staff[3].call('PUT', `${cast.dbs.main}/_local/big`, { ...checkpoint(1), pad: 'x'.repeat(MAX_LOCAL_BODY_BYTES) });
  assert.is(res.status, 413, JSON.stringify(res.body).slice(0, 200));
  assert.ok(cleanError(res.body));
  const ok = await cast.staff[3].call('PUT', `${cast.dbs.main}/_local/small`, checkpoint(1));
  assert.is(ok.status, 201, JSON.stringify(ok.body));
});

test(`past ${MAX_LOCAL_PER_MEMBER} local documents of one member, their oldest go`, async () => {
  const total = MAX_LOCAL_PER_MEMBER + 20;
  for (let i = 0; i < total; i += 10) {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => cast.staff[2].call('PUT', `${cast.dbs.main}/_local/cp-${String(i + k).padStart(4, '0')}`, checkpoint(i + k))));
    for (const a of answers) assert.is(a.status, 201, JSON.stringify(a.body));
  }
  let kept = 0;
  for (let i = 0; i < total; i++) if ((await cast.admin('GET', `/oja-${cast.id}/_local/cp-${String(i).padStart(4, '0')}`)).status === 200) kept++;
  assert.ok(kept <= MAX_LOCAL_PER_MEMBER, `${kept} of the member's local documents kept`);
  assert.ok(kept >= MAX_LOCAL_PER_MEMBER - 10, `${kept} kept: the newest stay`);
  const newest = await cast.staff[2].call('GET', `${cast.dbs.main}/_local/cp-${String(total - 1).padStart(4, '0')}`);
  assert.is(newest.status, 200);
  // Another member's are their own: the owner's checkpoint written before is still there.
  assert.is((await cast.staff[3].call('GET', `${cast.dbs.main}/_local/small`)).status, 200);
});

test.run();
