/**
 * `npm run restore -- <backup folder>`: loads a backup made by `npm run backup` into a fresh data folder
 * (DATA_DIR, default ./data; it must hold no databases yet), or into an empty Apache CouchDB when COUCH_URL is
 * set. Every document keeps its id, revisions (history, deletions and conflicts) and body; each database gets
 * its security object back, so staff sign in and sync as before. Start the server on that folder afterwards.
 */
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import express from 'express';
import { LoginThrottle } from '../../server/login/throttle';
import { CouchClient } from '../../server/couch/client';
import { CouchNodes } from '../../server/couch/nodes';
import { couchEndpoint } from '../../server/couch/endpoint';
import { USERS_DB } from '../../server/couch/names';
import { readSettings } from '../../server/settings';
import { enc, fail, FORMAT, type Header, type Manifest } from './files';

/** Documents per _bulk_docs request, and the most bytes one request carries (an item's image can be large). */
const CHUNK_DOCS = 500;
const CHUNK_BYTES = 1_000_000;

/** The database server to load into, and how to stop it when done. */
async function target(): Promise<{ couch: CouchClient; close(): Promise<void> }> {
  const settings = readSettings(process.env);
  const admin = { name: settings.adminName, password: settings.adminPassword };
  if (settings.couchUrl) return { couch: new CouchClient(new CouchNodes(settings.couchUrls), admin), close: async () => undefined };
  const dbDir = join(settings.dataDir, 'db');
  if (existsSync(dbDir) && readdirSync(dbDir).some((f) => !f.startsWith('.') && f !== 'LOG')) {
    fail(`${settings.dataDir} already holds databases: restore into a fresh data folder (set DATA_DIR)`);
  }
  // The embedded database, served on a private port only for the restore.
  const app = express();
  let couch: CouchClient | undefined;
  // Only the admin uses this endpoint; the guard would ask this client about anyone else.
  app.use('/db', await couchEndpoint(settings, () => couch!, new LoginThrottle(settings.login)));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  couch = new CouchClient(`http://127.0.0.1:${port}/db`, admin);
  return {
    couch,
    close: () => new Promise((r) => server.close(() => r(undefined))),
  };
}

async function restoreDatabase(couch: CouchClient, file: string): Promise<{ db: string; expected: number; found: number }> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header: Header | undefined;
  let chunk: object[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!chunk.length) return;
    const failed = (await couch.ok<{ id: string; error?: string; reason?: string }[]>('POST', `/${enc(header!.db)}/_bulk_docs`, { docs: chunk, new_edits: false })).filter((r) => r.error);
    if (failed.length) throw new Error(`${header!.db}: ${failed.length} documents refused, first ${failed[0].id}: ${failed[0].reason ?? failed[0].error}`);
    chunk = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if (!line.trim()) continue;
    if (!header) {
      header = JSON.parse(line) as Header;
      const created = await couch.request('PUT', `/${enc(header.db)}`);
      if (created.status === 412 && header.db !== USERS_DB) {
        const info = await couch.ok<{ doc_count: number }>('GET', `/${enc(header.db)}`);
        if (info.doc_count > 0) throw new Error(`${header.db} already exists and holds documents: restore into an empty server`);
      } else if (created.status >= 400 && created.status !== 412) throw new Error(`${header.db}: could not be created (${created.status})`);
      // Security first, as the server does when it creates a business: never a moment without members. The
      // logins database's security belongs to the database server, as its design document does: CouchDB refuses
      // any write of it (403 "You can't edit the security object of the user database").
      if (header.db !== USERS_DB) await couch.ok('PUT', `/${enc(header.db)}/_security`, header.security);
      continue;
    }
    const doc = JSON.parse(line) as { _id: string };
    // The logins database's own design document belongs to the server that holds it.
    if (header.db === USERS_DB && doc._id.startsWith('_design/')) continue;
    chunk.push(doc);
    bytes += line.length;
    if (chunk.length >= CHUNK_DOCS || bytes >= CHUNK_BYTES) await flush();
  }
  if (!header) throw new Error(`${file} is empty`);
  await flush();
  const info = await couch.ok<{ doc_count: number }>('GET', `/${enc(header.db)}`);
  return { db: header.db, expected: header.doc_count, found: info.doc_count };
}

async function main(): Promise<void> {
  const folder = process.argv[2] ? resolve(process.argv[2]) : fail('Usage: npm run restore -- <backup folder> (DATA_DIR names the fresh data folder)');
  const manifestFile = join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) fail(`${manifestFile} is missing: is this a folder written by npm run backup?`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) fail(`${folder} is not an Oja backup (format ${manifest.format})`);
  const { couch, close } = await target();
  try {
    // Logins first: pouchdb-auth and CouchDB keep _users themselves, the rest is plain data.
    const ordered = [...manifest.databases].sort((a, b) => Number(b.name === USERS_DB) - Number(a.name === USERS_DB));
    for (const entry of ordered) {
      const { db, expected, found } = await restoreDatabase(couch, join(folder, entry.file));
      // _users may hold the server's own design document beside the restored logins.
      if (db !== USERS_DB ? found !== expected : found < expected) throw new Error(`${db}: ${found} documents after the restore, the backup had ${expected}`);
      console.log(`${db}: ${found} documents`);
    }
  } finally {
    await close();
  }
  console.log(`Restored ${manifest.databases.length} databases from ${folder}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => fail(`Restore failed: ${e instanceof Error ? e.message : String(e)}`),
);
