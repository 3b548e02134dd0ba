/**
 * The audit trail is the server's: after a member's write passed the gate (./gate.ts) and the database took it,
 * the gate writes the entries it calls for (commands/audit/derive.ts) into the business's main database as the
 * admin, with the server's time and the name the server knows for the writer (./gate-names.ts), never what a
 * device says. Members cannot write `audit:` documents at all (commands/rules/audit.ts). A failure to write an
 * entry is logged with what it was about; the write itself already stands.
 */
import { randomBytes } from 'node:crypto';
import type express from 'express';
import { auditDocs, auditOfWrite } from '../../commands/audit/derive';
import { DEVICE_HEADER, deviceLabel } from '../../commands/devices';
import type { Doc, Writer } from '../../commands/rules';
import type { CouchClient } from './client';
import type { KnownNames } from './gate-names';
import { businessDb } from './names';
import type { Route } from './route';

export type GateAuditInput = {
  req: express.Request;
  route: Extract<Route, { kind: 'db' }>;
  writer: Writer;
  names: KnownNames;
  /** The price levels' names by id (the setting), for entries about level prices. */
  levelNames: ReadonlyMap<string, string>;
  now: number;
  written: { doc: Doc; before?: Doc }[];
};

export async function writeGateAudit(couch: CouchClient, { req, route, writer, names, levelNames, now, written }: GateAuditInput): Promise<void> {
  const inputs = written.flatMap(({ doc, before }) => auditOfWrite(doc as never, before as never, levelNames));
  if (!inputs.length) return;
  // The till's own tag (its requests name it: server/api/device-seen.ts), and its browser as the Devices screen says it.
  const tag = req.headers[DEVICE_HEADER.toLowerCase()];
  const device = typeof tag === 'string' && tag !== '' ? tag.slice(0, 40) : 'server';
  const label = deviceLabel(String(req.headers['user-agent'] ?? ''));
  const user = { username: writer.username, fullname: (await names.of(writer.username).catch(() => undefined)) ?? writer.username, level: writer.level };
  const docs = auditDocs(inputs, { now, user, device, deviceLabel: label, random: () => randomBytes(4).toString('hex') });
  // The business's own main database, also for a write in its shared database (settings).
  const res = await couch.request<unknown[]>('POST', `/${encodeURIComponent(businessDb(route.business, 'main'))}/_bulk_docs`, { docs }).catch((err: unknown) => ({ status: 0, body: err }));
  const failed = res.status >= 300 || (Array.isArray(res.body) && res.body.some((r) => (r as { error?: unknown }).error !== undefined));
  if (failed) console.error(`audit entries for ${route.business} not written (${inputs.map((i) => `${i.action} ${i.target.id}`).join(', ')}): ${res.status}`);
}
