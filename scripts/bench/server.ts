/**
 * `npm run bench:server [-- --businesses N] [--writers W] [--sms K] [--json FILE]`: one Oja server hosting many
 * businesses (issue 31). Starts server/main.ts (embedded database, fake SMS provider) on a fresh data folder and:
 *
 *  1. registers W businesses through the API (POST /api/create-business/, as a shop does: their owners are the
 *     writers below) and the other N - W directly with the server's admin CouchClient: provisionBusiness (the
 *     three databases, their _security, validation and first documents) plus the directory's business record,
 *     exactly what the API does minus the owner's login (PBKDF2 at 100,000 iterations, about 0.1-0.3 s a
 *     business here, which nobody waits for when shops sign up one by one);
 *  2. idle: after the server has settled, the server process's CPU over 10 s (/proc/PID/stat, % of one core),
 *     its RSS (/proc/PID/status) and the data folder's size per business;
 *  3. busy: W writers (simulated tills) each write batches of 20 expenses through /db/{business}/_bulk_docs for
 *     10 s (the sync endpoint's write throughput, documents/s) while K SMS are queued among them; each SMS's
 *     dispatch latency is queued (its `date`) → sent (`sent_at`, set by the dispatcher), p50 and p95;
 *     then one reader pulls a writer's whole database through _changes?include_docs (read throughput).
 *
 * Defaults: N 5,000, W 5, K 50. Goals of issue 31 at 5,000: idle CPU ≤ 5 % of one core, RSS ≤ 1 GB, dispatch
 * p95 ≤ 5 s.
 *
 * `--couch` (issue 38): the same run twice in one go, first on the embedded database, then on a real Apache
 * CouchDB 3.5 (one node, started fresh from ../shared/couchdb: scripts/couchdb/control.mjs) behind COUCH_URL, with
 * CouchDB's own process (CPU, RSS, disk) measured beside Oja's. Both runs also time one _bulk_docs of 1,000
 * expenses through /db (validation included): the write cost per document.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessDbName } from '../../commands/session';
import { newBusinessId } from '../../server/api/deps';
import { businessKey, type BusinessRecord } from '../../server/api/directory';
import { provisionBusiness } from '../../server/api/provision';
import { CouchClient } from '../../server/couch/client';
import { DIRECTORY_DB } from '../../server/couch/names';
import { startServer } from '../../tests/e2e/harness';
import { startCouchdb, type RunningCouchdb } from '../couchdb/control.mjs';
import { registerBusiness, type Client } from '../../tests/server/helpers';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const n = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a whole number`);
  return n;
}
const N = flag('--businesses', 5000);
const W = Math.min(N, flag('--writers', 5));
const K = flag('--sms', 50);
const jsonAt = process.argv.indexOf('--json');
const json = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
const withCouch = process.argv.includes('--couch');
const log = (s: string) => process.stderr.write(`[bench:server] ${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** CPU seconds (user + system) the process has used, from /proc/PID/stat (clock ticks, 100 a second here). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  const ticks = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  // After the ') ': state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const duMb = (dir: string) => Number(execSync(`du -sk ${JSON.stringify(dir)}`).toString().split('\t')[0]) / 1024;

async function idleCpu(pid: number, seconds = 10) {
  const c0 = cpuSeconds(pid);
  const t0 = Date.now();
  await sleep(seconds * 1000);
  return (100 * (cpuSeconds(pid) - c0)) / ((Date.now() - t0) / 1000);
}

async function measure(engine: 'embedded' | 'couchdb'): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oja-bench-server-'));
  const smsLog = join(dataDir, '..', `oja-bench-server-sms-${process.pid}.jsonl`);
  let couch: RunningCouchdb | undefined;
  if (engine === 'couchdb') {
    couch = await startCouchdb({ nodes: 1 });
    log(`CouchDB at ${couch.url} (${couch.dir})`);
  }
  // On CouchDB the endpoint has no /_oja_stats: the server runs without its supervisor, so its process is the one.
  const server = await startServer({ SMS_PROVIDER: 'fake', SMS_FAKE_LOG: smsLog, REGISTRATIONS_PER_HOUR: '0', PAYMENT_PROVIDER: 'fake', COUCH_URL: couch?.adminUrl ?? '', ...(couch ? { OJA_SUPERVISOR: 'off' } : {}) }, dataDir);
  // The serving process: the supervisor's worker, as the server's stats say (server/supervisor.ts).
  const adminAuth = 'Basic ' + Buffer.from(`admin:${server.adminPassword()}`).toString('base64');
  const stats = couch ? {} : ((await (await fetch(`${server.url}/db/_oja_stats`, { headers: { Authorization: adminAuth } })).json()) as { pid?: number });
  const pid = stats.pid ?? server.process.pid!;
  const couchPid = couch ? (await couch.pids()).node1 : undefined;
  const result: Record<string, number> = { businesses: N, writers: W };
  try {
    log(`server pid ${pid} on ${server.url}; load ${load()}`);
    result.idle_cpu_empty_pct = round(await idleCpu(pid));
    result.rss_empty_mb = round(rssMb(pid));
    log(`empty: idle CPU ${result.idle_cpu_empty_pct} % of one core, RSS ${result.rss_empty_mb} MB`);

    // 1. The writers' businesses through the API; the rest straight through the admin client.
    const writers: { id: string; owner: Client }[] = [];
    for (let i = 0; i < W; i++) {
      const b = await registerBusiness(server, { name: `Till Shop ${i}`, email: `till${i}@example.com` });
      writers.push({ id: b.id, owner: b.owner });
    }
    const admin = new CouchClient(server.url + '/db', { name: 'admin', password: server.adminPassword() });
    /** Where the memory is (the V8 heap, outside it) and how many databases are open, as the server itself says. */
    const inside = async (when: string) => {
      const res = await admin.request<{ databases?: { open: number; closed: number; cap: number }; memory?: NodeJS.MemoryUsage }>('GET', '/_oja_stats');
      if (res.status !== 200 || !res.body.memory || !res.body.databases) return;
      const m = res.body.memory;
      const mb = (n: number) => round(n / 1024 / 1024);
      Object.assign(result, { [`heap_used_${when}_mb`]: mb(m.heapUsed), [`heap_total_${when}_mb`]: mb(m.heapTotal), [`outside_heap_${when}_mb`]: mb(m.rss - m.heapTotal), [`open_dbs_${when}`]: res.body.databases.open });
      log(`${when}: RSS ${mb(m.rss)} MB = V8 heap ${mb(m.heapTotal)} MB (${mb(m.heapUsed)} MB used) + ${mb(m.rss - m.heapTotal)} MB outside it (external ${mb(m.external)} MB); ${res.body.databases.open} databases open (cap ${res.body.databases.cap}, ${res.body.databases.closed} closed so far)`);
    };
    const t0 = Date.now();
    let made = W;
    const one = async (i: number) => {
      const id = newBusinessId(Date.now) + i.toString(36);
      await provisionBusiness(admin, { business: id, ownerUsername: `bench${i}`, now: Date.now() });
      const record: BusinessRecord = { _id: businessKey(id), type: 'business', name: `Bench Shop ${i}`, owner: 'Bench Owner', phone: '08030000000', email: `bench${i}@example.com`, joined: Date.now(), username: `bench${i}`, userLimit: 5 } as BusinessRecord;
      await admin.put(DIRECTORY_DB, record);
      made++;
    };
    // Four at a time: what the embedded LevelDB takes without queueing everything at once.
    let next = W;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < N) await one(next++);
      }),
    );
    result.register_s = round((Date.now() - t0) / 1000);
    log(`${made} businesses (${W} through the API) in ${result.register_s} s more; load ${load()}`);

    // 2. Idle, once the server has taken in what it was given (the dispatcher has found every business).
    await sleep(15_000);
    result.idle_cpu_pct = round(await idleCpu(pid));
    result.rss_mb = round(rssMb(pid));
    result.disk_mb = round(duMb(couch ? join(couch.dir, 'node1', 'data') : dataDir));
    if (couchPid) {
      result.couchdb_idle_cpu_pct = round(await idleCpu(couchPid));
      result.couchdb_rss_mb = round(rssMb(couchPid));
      log(`CouchDB idle: CPU ${result.couchdb_idle_cpu_pct} % of one core over 10 s, RSS ${result.couchdb_rss_mb} MB`);
    }
    result.disk_per_business_kb = round((result.disk_mb * 1024) / N);
    result.idle_load = Number(load().split(' ')[0]);
    await inside('idle');
    log(`idle at ${N}: CPU ${result.idle_cpu_pct} % of one core over 10 s, RSS ${result.rss_mb} MB, disk ${result.disk_mb} MB (${result.disk_per_business_kb} kB a business); load ${load()}`);

    // 3. Busy: tills writing, SMS queued among them.
    let written = 0;
    let refused = 0;
    let n = 0;
    const smsIds: { business: string; owner: Client; id: string }[] = [];
    const until = Date.now() + 10_000;
    const cpu0 = cpuSeconds(pid);
    const couchCpu0 = couchPid ? cpuSeconds(couchPid) : 0;
    await Promise.all(
      writers.map(async (w, wi) => {
        const main = `/db/${businessDbName(w.id)}`;
        let batch = 0;
        while (Date.now() < until) {
          const docs = Array.from({ length: 20 }, () => ({ _id: `aAbench${wi}x${++n}`, stores: 'expense', amount: 1200, source: 'cash', description: 'Bench expense', date: Date.now() }));
          const res = await w.owner.call('POST', `${main}/_bulk_docs`, { docs });
          if (res.status === 201 && Array.isArray(res.body)) for (const r of res.body as { error?: string }[]) r.error ? refused++ : written++;
          else refused += docs.length;
          // Every few batches one SMS from this till (K in all over the 10 s, at most K/W each: a business has 10
          // units, and an uneven share left one refused 'insufficient units').
          const mine = smsIds.filter((s) => s.business === w.id).length;
          if (smsIds.length < K && mine < Math.ceil(K / W) && batch++ % 2 === 0) {
            const id = `fAbench${wi}x${smsIds.length}`;
            smsIds.push({ business: w.id, owner: w.owner, id });
            const put = await w.owner.call('PUT', `${main}/${id}`, { stores: 'sms', sender: '', recipient: '+2348030001234', message: 'Thank you', units: 1, status: 'queued', date: Date.now() });
            if (put.status !== 201) throw new Error(`queueing an SMS: ${put.status} ${JSON.stringify(put.body)}`);
          }
        }
      }),
    );
    const busySeconds = 10 + (Date.now() - until) / 1000;
    result.sync_write_docs_per_s = round(written / busySeconds);
    result.sync_write_refused = refused;
    result.busy_cpu_pct = round((100 * (cpuSeconds(pid) - cpu0)) / busySeconds);
    if (couchPid) result.couchdb_busy_cpu_pct = round((100 * (cpuSeconds(couchPid) - couchCpu0)) / busySeconds);
    log(`sync endpoint: ${written} documents written in ${round(busySeconds)} s by ${W} tills = ${result.sync_write_docs_per_s}/s (${refused} refused); server CPU ${result.busy_cpu_pct} %; load ${load()}`);

    // Dispatch latency: each queued SMS until the dispatcher has marked it sent (sent_at on the server's clock).
    const latencies: number[] = [];
    const deadline = Date.now() + 120_000;
    for (const s of smsIds) {
      for (;;) {
        const res = await s.owner.call('GET', `/db/${businessDbName(s.business)}/${s.id}`);
        const d = res.body as { status?: string; date?: number; sent_at?: number };
        if (d.status === 'sent' && d.sent_at && d.date) {
          latencies.push(d.sent_at - d.date);
          break;
        }
        if (d.status === 'failed' || Date.now() > deadline) {
          log(`SMS ${s.id} not sent: ${JSON.stringify(d)}`);
          break;
        }
        await sleep(100);
      }
    }
    result.sms_sent = latencies.length;
    result.sms_queued = smsIds.length;
    result.sms_dispatch_p50_ms = round(pct(latencies, 50), 0);
    result.sms_dispatch_p95_ms = round(pct(latencies, 95), 0);
    log(`SMS: ${latencies.length} of ${smsIds.length} sent; queued → sent p50 ${result.sms_dispatch_p50_ms} ms, p95 ${result.sms_dispatch_p95_ms} ms`);

    // Read throughput: one device's initial pull of a writer's database.
    const r0 = Date.now();
    const changes = await writers[0].owner.call('GET', `/db/${businessDbName(writers[0].id)}/_changes?include_docs=true&style=all_docs`);
    const rows = (changes.body as { results?: unknown[] }).results?.length ?? 0;
    result.sync_read_docs_per_s = round(rows / ((Date.now() - r0) / 1000));
    log(`sync endpoint read: ${rows} changes with documents at ${result.sync_read_docs_per_s}/s`);

    // Write cost per document: one _bulk_docs of 1,000 expenses through /db, each checked by the validation.
    const many = Array.from({ length: 1000 }, (_, i) => ({ _id: `aAcost${i}`, stores: 'expense', amount: 1200, source: 'cash', description: 'Cost expense', date: Date.now() }));
    const c0 = Date.now();
    const cost = await writers[0].owner.call('POST', `/db/${businessDbName(writers[0].id)}/_bulk_docs`, { docs: many });
    if (cost.status !== 201) throw new Error(`the 1,000-document write: ${cost.status}`);
    result.write_ms_per_doc = round((Date.now() - c0) / many.length, 2);
    log(`write cost: 1,000 documents in one _bulk_docs, ${result.write_ms_per_doc} ms a document; load ${load()}`);

    result.rss_after_mb = round(rssMb(pid));
    if (couchPid) result.couchdb_rss_after_mb = round(rssMb(couchPid));
    await inside('after');
    result.load_end = Number(load().split(' ')[0]);
  } finally {
    await server.stop();
    await couch?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(smsLog, { force: true });
  }
  return result;
}

function report(result: Record<string, number>, engine: string): void {
  const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nOja server (${engine}) with ${N} businesses (${W} tills writing), load at idle ${result.idle_load}, at the end ${result.load_end}`);
  console.log(`idle CPU            ${result.idle_cpu_pct} % of one core (empty server ${result.idle_cpu_empty_pct} %)   goal ≤ 5 %: ${goal(result.idle_cpu_pct <= 5)}`);
  console.log(`memory (RSS)        ${result.rss_mb} MB idle, ${result.rss_after_mb} MB after the busy phase (empty ${result.rss_empty_mb} MB)   goal ≤ 1024 MB: ${goal(Math.max(result.rss_mb, result.rss_after_mb) <= 1024)}`);
  if (result.heap_total_idle_mb !== undefined) console.log(`memory, where       idle: V8 heap ${result.heap_total_idle_mb} MB (${result.heap_used_idle_mb} used), outside it ${result.outside_heap_idle_mb} MB, ${result.open_dbs_idle} databases open; after: heap ${result.heap_total_after_mb} MB (${result.heap_used_after_mb} used), outside ${result.outside_heap_after_mb} MB, ${result.open_dbs_after} open`);
  console.log(`disk per business   ${result.disk_per_business_kb} kB (${result.disk_mb} MB in all)`);
  console.log(`SMS queued → sent   p50 ${result.sms_dispatch_p50_ms} ms, p95 ${result.sms_dispatch_p95_ms} ms (${result.sms_sent} of ${result.sms_queued})   goal p95 ≤ 5000 ms: ${goal(result.sms_dispatch_p95_ms <= 5000)}`);
  console.log(`sync endpoint       writes ${result.sync_write_docs_per_s} documents/s (_bulk_docs of 20, ${W} tills), reads ${result.sync_read_docs_per_s} documents/s (_changes with documents)`);
  console.log(`registration        ${N - W} businesses through the admin client in ${result.register_s} s`);
  console.log(`write cost          ${result.write_ms_per_doc} ms a document (one _bulk_docs of 1,000, validation included)`);
  if (result.couchdb_rss_mb !== undefined) console.log(`CouchDB process     idle CPU ${result.couchdb_idle_cpu_pct} %, busy CPU ${result.couchdb_busy_cpu_pct} %, RSS ${result.couchdb_rss_mb} MB idle, ${result.couchdb_rss_after_mb} MB after`);
}

async function main() {
  const results: Record<string, Record<string, number>> = { embedded: await measure('embedded') };
  report(results.embedded, 'embedded');
  if (withCouch) {
    results.couchdb = await measure('couchdb');
    report(results.couchdb, 'Apache CouchDB 3.5, one node');
  }
  if (json) writeFileSync(json, JSON.stringify(withCouch ? results : results.embedded, null, 2) + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
