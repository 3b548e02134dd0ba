/**
 * `npm run backup [-- <folder>]`: every business database, the directory and the logins of a running Oja server
 * written to files (see ./files.ts for the format). The server is reached at COUCH_URL when set (an Apache
 * CouchDB), else at http://HOST:PORT/db (Oja's embedded database; HOST 127.0.0.1, PORT 8080 by default); the
 * admin password comes from ADMIN_PASSWORD or DATA_DIR/admin-password. The default folder is
 * ./backups/oja-YYYYMMDD-HHmmss.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import dayjs from 'dayjs';
import { CouchClient } from '../../server/couch/client';
import { couchAddress } from '../../server/settings';
import { adminOf, enc, fail, fileOf, FORMAT, serverDatabases, type Header, type Manifest } from './files';

const CHANGES_BATCH = 500;

type Leaf = { id: string; rev: string };
type ChangesPage = { results: { id: string; changes: { rev: string }[] }[]; last_seq: string | number };
type BulkGet = { results: { id: string; docs: ({ ok: Record<string, unknown> } | { error: unknown })[] }[] };

/** Every leaf revision (deleted and conflicting ones too), in change order, a batch at a time. */
async function* leaves(couch: CouchClient, db: string): AsyncGenerator<Leaf[]> {
  let since: string | number = 0;
  for (;;) {
    const page: ChangesPage = await couch.ok<ChangesPage>(
      'GET',
      `/${enc(db)}/_changes?style=all_docs&limit=${CHANGES_BATCH}&since=${encodeURIComponent(String(since))}`,
    );
    if (!page.results.length) return;
    yield page.results.flatMap((r) => r.changes.map((c) => ({ id: r.id, rev: c.rev })));
    since = page.last_seq;
  }
}

async function backupDatabase(couch: CouchClient, db: string, file: string): Promise<{ revisions: number; doc_count: number }> {
  const security = await couch.ok<object>('GET', `/${enc(db)}/_security`);
  const info = await couch.ok<{ doc_count: number }>('GET', `/${enc(db)}`);
  const out = createWriteStream(file);
  const write = async (line: object) => {
    if (!out.write(JSON.stringify(line) + '\n')) await once(out, 'drain');
  };
  await write({ db, security, doc_count: info.doc_count } satisfies Header);
  let written = 0;
  for await (const batch of leaves(couch, db)) {
    const got = await couch.ok<BulkGet>('POST', `/${enc(db)}/_bulk_get?revs=true`, { docs: batch });
    for (const result of got.results) {
      for (const entry of result.docs) {
        if (!('ok' in entry)) throw new Error(`${db}/${result.id}: ${JSON.stringify(entry.error)}`);
        await write(entry.ok);
        written++;
      }
    }
  }
  out.end();
  await once(out, 'finish');
  return { revisions: written, doc_count: info.doc_count };
}

async function main(): Promise<void> {
  const env = process.env;
  // COUCH_URL may carry the admin (http://NAME:PASSWORD@HOST:PORT): requests go to the address without it.
  const source = couchAddress(env).url || `http://${env.HOST || '127.0.0.1'}:${env.PORT || 8080}/db`;
  const folder = resolve(process.argv[2] || env.BACKUP_DIR || join('backups', `oja-${dayjs().format('YYYYMMDD-HHmmss')}`));
  if (existsSync(folder) && readdirSync(folder).length) fail(`${folder} is not empty: choose a new folder for the backup`);
  mkdirSync(folder, { recursive: true });
  const couch = new CouchClient(source, adminOf(env));
  const session = await couch.request<{ userCtx?: { roles?: string[] } }>('GET', '/_session').catch((e: unknown) => fail(`Cannot reach the database at ${source}: ${e instanceof Error ? e.message : e}`));
  if (!session.body.userCtx?.roles?.includes('_admin')) fail(`The database at ${source} did not accept the admin password`);

  const manifest: Manifest = { format: FORMAT, created: new Date().toISOString(), source, databases: [] };
  for (const db of await serverDatabases(couch)) {
    const file = fileOf(db);
    const { revisions, doc_count } = await backupDatabase(couch, db, join(folder, file));
    manifest.databases.push({ name: db, file, doc_count });
    console.log(`${db}: ${doc_count} documents (${revisions} revisions)`);
  }
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`Backup of ${manifest.databases.length} databases written to ${folder}`);
}

main().catch((e: unknown) => fail(`Backup failed: ${e instanceof Error ? e.message : String(e)}`));
