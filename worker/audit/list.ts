/**
 * audit-list: the entries of one date range, read as one id range (entry ids begin with their date, see
 * commands/audit-docs.ts), so a month of the log costs that month's entries and never a scan of the rest;
 * then the person and kind filters, and the shared table engine's search, sort and paging.
 */
import { AUDIT_ACTIONS, changeText, type AuditPage, type AuditQuery, type AuditRow } from '../../commands/audit';
import { auditDateKey } from '../../commands/audit-docs';
import { asKind } from '../../commands/docs';
import { quickRange } from '../../commands/lib/dates';
import { UserError } from '../../commands/errors';
import { AUDIT_MESSAGES } from '../../commands/audit';
import { actingUser } from '../acting-user';
import type { Ctx } from '../context';
import { tablePage } from '../table/engine';

function rowOf(doc: unknown): AuditRow | undefined {
  const e = asKind(doc, 'audit');
  if (!e || e._deleted || !(AUDIT_ACTIONS as readonly string[]).includes(e.action)) return undefined;
  const changes = Array.isArray(e.changes) ? e.changes : [];
  return {
    _id: e._id,
    date: e.date,
    username: e.user?.username ?? '',
    person: e.user?.fullname || e.user?.username || '',
    device: e.device_label || (e.device ?? ''),
    deviceId: e.device ?? '',
    action: e.action,
    kind: e.target?.kind ?? '',
    target: e.target?.label ?? '',
    targetId: e.target?.id ?? '',
    changes,
    detail: changes.map(changeText).join('; '),
    ...(e.note ? { note: e.note } : {}),
  };
}

export async function listAudit(ctx: Ctx, query: AuditQuery): Promise<AuditPage> {
  if (actingUser(ctx).level !== 0) throw new UserError('forbidden', AUDIT_MESSAGES.ownerOnly);
  const range = query.range ?? quickRange('month', ctx.clock());
  const res = await ctx.db.main.allDocs({ startkey: auditDateKey(range.from), endkey: `${auditDateKey(range.to)}\uffff`, include_docs: true });
  const inRange = res.rows.map((r) => rowOf(r.doc)).filter((r): r is AuditRow => !!r);
  const people = new Map<string, string>();
  for (const r of inRange) if (!people.has(r.username)) people.set(r.username, r.person);
  const rows = inRange.filter((r) => (!query.person || r.username === query.person) && (!query.action || r.action === query.action));
  // The id range already is the date range: the engine need not filter by date again.
  const page = tablePage(rows, { ...query, range: undefined, sort: query.sort ?? { key: 'date', dir: 'desc' } }, {
    search: (r) => [r.person, r.username, r.target, r.detail, r.device, r.deviceId, r.note],
  });
  return {
    ...page,
    people: [...people].map(([username, fullname]) => ({ username, fullname })).sort((a, b) => a.fullname.localeCompare(b.fullname)),
  };
}
