/**
 * The audit log is written by the server's /db gate (server/couch/gate-audit.ts), not the worker. A backend
 * test without a server plays that part here: every batch the worker writes to its main or shared database is
 * looked at as the gate looks at it (the stored version before, the document after, commands/audit/derive.ts)
 * and the entries it calls for are written into the main database with the test's clock and the acting user's
 * stamp. It also fails a test the moment the worker itself writes an `audit:` document.
 */
import * as assert from 'uvu/assert';
import { AUDIT_ID_PREFIX } from '../../commands/audit-docs';
import { auditDocs, auditOfWrite } from '../../commands/audit/derive';
import { deviceLabel } from '../../commands/devices';
import type { NodeBackend } from '../../worker/backend';
import { untyped } from '../../worker/db';

type Written = { _id: string } & Record<string, unknown>;
let serial = 0;

export function serverAudit(b: NodeBackend): void {
  const main = untyped(b.ctx.db.main);
  const writeMain = main.bulkDocs.bind(main);
  for (const target of [untyped(b.ctx.db.main), untyped(b.ctx.db.shared as never)]) {
    const bulk = target.bulkDocs.bind(target);
    // PouchDB's put calls bulkDocs with a callback; everything else awaits it.
    const audited = async (req: unknown, opts?: unknown) => {
      const docs = (Array.isArray(req) ? req : (req as { docs: Written[] }).docs) as Written[];
      assert.not.ok(docs.some((d) => String(d._id).startsWith(AUDIT_ID_PREFIX) || d.stores === 'audit'), 'the worker writes no audit entry');
      const before = await Promise.all(docs.map((d) => (target.get(d._id) as Promise<unknown>).then((x) => x as Written, () => undefined)));
      const results = (await bulk(req as never, opts as never)) as { ok?: boolean }[];
      const session = b.ctx.session();
      // Read as the gate reads it (its settings, not the worker's cache, which may wait on this very write).
      const levels = await (untyped(b.ctx.db.shared as never).get('config-priceLevels') as Promise<{ value?: { id: string; name: string }[] }>).then((d) => d.value ?? [], () => []);
      const levelNames = new Map(levels.map((l) => [l.id, l.name]));
      const inputs = docs.flatMap((d, i) => (results[i]?.ok ? auditOfWrite(d as never, before[i] as never, levelNames) : []));
      if (inputs.length && session) {
        const user = { username: session.username, fullname: session.fullname, level: session.level };
        const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '';
        await writeMain(auditDocs(inputs, { now: b.ctx.clock(), user, device: b.ctx.device, deviceLabel: deviceLabel(agent), random: () => `r${++serial}` }) as never[]);
      }
      return results;
    };
    target.bulkDocs = ((req: unknown, opts?: unknown, callback?: (err: unknown, res?: unknown) => void) => {
      const options = typeof opts === 'function' ? undefined : opts;
      const done = typeof opts === 'function' ? (opts as typeof callback) : callback;
      const run = audited(req, options);
      if (!done) return run;
      run.then((res) => done(null, res), (err: unknown) => done(err));
    }) as typeof target.bulkDocs;
  }
}
