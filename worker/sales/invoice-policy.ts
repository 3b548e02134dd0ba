/**
 * Invoice numbering (document 001 section 4): the policy prefix plus the counter left-padded to 4 digits,
 * with the updated policy written back to the shared database.
 *
 * Beyond the spec, two devices selling offline at the same time must never produce the same number. A single
 * counter cannot promise that (both devices read 7 and both write 8), so every device keeps its OWN policy
 * document, `invoice-policy-{username}-{tag}`, whose prefix is the user's policy prefix plus the device's tag
 * and a dash (e.g. 'A' + 'k7Q' + '-' → 'Ak7Q-0001'). Only that device ever writes that document, so it never
 * conflicts when it syncs, and numbers from different devices differ by prefix. The tag is chosen once per
 * device and user, kept in the device-only database, and picked to differ from the tags already seen in the
 * shared database for that user.
 */
import type { InvoicePolicyDoc } from '../../commands/docs';
import { BASE62 } from '../../commands/lib/ids';
import type { Ctx } from '../context';
import { getKind, getLocal } from '../db';
import { putDoc } from '../writes';

export const POLICY_PREFIX = 'invoice-policy-';
const TAG_LENGTH = 3;

type DeviceDoc = { _id: string; _rev?: string; tag: string };

export function formatInvoiceNumber(prefix: string, counter: number): string {
  return prefix + String(counter).padStart(4, '0');
}

function randomTag(): string {
  let tag = '';
  for (let i = 0; i < TAG_LENGTH; i++) tag += BASE62[Math.floor(Math.random() * 62)];
  return tag;
}

function username(ctx: Ctx): string {
  return ctx.session()?.username ?? 'anonymous';
}

/** This device's tag for the signed-in user, created on first use. */
async function deviceTag(ctx: Ctx): Promise<string> {
  const id = `invoice-device-${username(ctx)}`;
  const known = await getLocal<DeviceDoc>(ctx.db.local, id);
  if (known) return known.tag;
  const start = `${POLICY_PREFIX}${username(ctx)}-`;
  const taken = await ctx.db.shared.allDocs({ startkey: start, endkey: start + '\uffff' });
  const used = new Set(taken.rows.map((r) => r.id.slice(start.length)));
  let tag = randomTag();
  while (used.has(tag)) tag = randomTag();
  await putDoc(ctx.db.local, { _id: id, tag });
  return tag;
}

async function policy(ctx: Ctx): Promise<InvoicePolicyDoc> {
  const tag = await deviceTag(ctx);
  const id = `${POLICY_PREFIX}${username(ctx)}-${tag}`;
  const stored = await getKind(ctx.db.shared, id, 'invoice-policy');
  return stored ?? { _id: id, stores: 'invoice-policy', prefix: `${ctx.session()?.policyPrefix ?? ''}${tag}-`, counter: 0 };
}

/** The number the next sale will get, without taking it. */
export async function peekInvoiceNumber(ctx: Ctx): Promise<string> {
  const p = await policy(ctx);
  return formatInvoiceNumber(p.prefix, p.counter + 1);
}

/** Takes the next number and writes the policy back. Callers run inside the write queue. */
export async function takeInvoiceNumber(ctx: Ctx): Promise<string> {
  const p = await policy(ctx);
  const next = { ...p, counter: p.counter + 1 };
  await putDoc(ctx.db.shared, next);
  return formatInvoiceNumber(next.prefix, next.counter);
}
