/**
 * shift-current, shift-open, shift-close, shift-report, shift-list. A till is this device (an id kept in the
 * device-only database); one shift per till is open at a time. Shift documents are found through an in-memory
 * index of the `shift-` id range (no scan), and every figure comes from figures.ts.
 */
import { asKind, type ShiftCloseDoc, type ShiftOpenDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { MAX_AMOUNT, mulMoney, sumMoney } from '../../commands/lib/money';
import { mayWrite } from '../../commands/permissions';
import { SHIFT_MESSAGES } from '../../commands/shifts';
import { actingUser, stampOf } from '../acting-user';
import type { Ctx } from '../context';
import { getLocal } from '../db';
import { createPrefixIndex, prefixIndex } from '../prefix-index';
import { domain } from '../registry';
import { shiftReport, shiftView } from './figures';
import { putDoc, writeAll, WriteRefused } from '../writes';

const PREFIX = 'shift-';
const TILL_DOC = 'till-device';

type Shifts = { open: Map<string, ShiftOpenDoc>; close: Map<string, ShiftCloseDoc> };

function shiftIndex(ctx: Ctx) {
  return prefixIndex(ctx.db.main, 'shift-docs', () =>
    createPrefixIndex(ctx.db.main, PREFIX, (d) => (d._deleted ? undefined : asKind(d, 'shift-open', 'shift-close'))),
  );
}

async function shifts(ctx: Ctx): Promise<Shifts> {
  const out: Shifts = { open: new Map(), close: new Map() };
  for (const d of (await shiftIndex(ctx).entries()).values()) {
    if (d.stores === 'shift-open') out.open.set(d._id, d);
    else out.close.set(d.shift, d);
  }
  return out;
}

/** This device's till id, made once and kept in the device-only database. */
async function tillId(ctx: Ctx): Promise<string> {
  const known = await getLocal<{ till: string }>(ctx.db.local, TILL_DOC);
  if (known) return known.till;
  const till = Math.random().toString(36).slice(2, 8);
  await putDoc(ctx.db.local, { _id: TILL_DOC, till });
  return till;
}

const isManager = (ctx: Ctx) => actingUser(ctx).level <= 1;

/** The server's rule first, so a store keeper hears it at once instead of at the next sync. */
function mayKeepShifts(ctx: Ctx): void {
  if (!mayWrite('shift-open', actingUser(ctx).level)) throw new UserError('forbidden', SHIFT_MESSAGES.notAllowed);
}

async function openOn(ctx: Ctx, till: string, all: Shifts): Promise<ShiftOpenDoc | undefined> {
  return [...all.open.values()].find((o) => o.till === till && !all.close.has(o._id));
}

async function found(ctx: Ctx, id: string): Promise<{ open: ShiftOpenDoc; close?: ShiftCloseDoc }> {
  const all = await shifts(ctx);
  const open = all.open.get(id);
  if (!open) throw new UserError('not-found', SHIFT_MESSAGES.notFound);
  if (open.till !== (await tillId(ctx)) && !isManager(ctx)) throw new UserError('forbidden', SHIFT_MESSAGES.notYours);
  return { open, close: all.close.get(id) };
}

export default domain(
  {
    'shift-current': async (_input, ctx) => {
      const till = await tillId(ctx);
      const open = await openOn(ctx, till, await shifts(ctx));
      return { till, shift: open ? await shiftReport(ctx, open, undefined) : null };
    },

    'shift-open': async (input, ctx) => {
      mayKeepShifts(ctx);
      const float = Number(input.float);
      if (!Number.isFinite(float) || float < 0) throw new UserError('bad-float', SHIFT_MESSAGES.badFloat);
      if (float > MAX_AMOUNT) throw new UserError('bad-float', SHIFT_MESSAGES.tooLarge);
      const till = await tillId(ctx);
      if (await openOn(ctx, till, await shifts(ctx))) throw new UserError('already-open', SHIFT_MESSAGES.alreadyOpen);
      const date = ctx.clock();
      const doc: ShiftOpenDoc = { _id: `${PREFIX}${till}-${date.toString(36)}`, stores: 'shift-open', till, float, date, user: stampOf(ctx) };
      await putDoc(ctx.db.main, doc as never);
      return shiftView(doc, undefined, date);
    },

    'shift-close': async (input, ctx) => {
      mayKeepShifts(ctx);
      const { open, close } = await found(ctx, input.id);
      if (close) throw new UserError('closed', SHIFT_MESSAGES.closed);
      // The server's rule (validate_doc_update and its /db check): the opener or a manager closes a shift.
      const openedBy = open.user?.username ?? '';
      if (openedBy !== actingUser(ctx).username && !isManager(ctx)) throw new UserError('forbidden', SHIFT_MESSAGES.notOpener);
      const count = (input.count ?? []).filter((l) => Number(l.count) !== 0);
      if (count.some((l) => !Number.isInteger(Number(l.count)) || Number(l.count) < 0 || !Number.isFinite(Number(l.value)) || Number(l.value) < 0)) {
        throw new UserError('bad-count', SHIFT_MESSAGES.badCount);
      }
      const lines = count.map((l) => ({ value: Number(l.value), count: Number(l.count) }));
      const counted = sumMoney(lines.map((l) => mulMoney(l.value, l.count)));
      if (counted > MAX_AMOUNT || lines.some((l) => l.value > MAX_AMOUNT || l.count > MAX_AMOUNT)) throw new UserError('bad-count', SHIFT_MESSAGES.tooLarge);
      const doc: ShiftCloseDoc = {
        _id: `${open._id}-close`,
        stores: 'shift-close',
        shift: open._id,
        till: open.till,
        opened_by: openedBy,
        date: ctx.clock(),
        count: lines,
        counted,
        user: stampOf(ctx),
      };
      // What the drawer should have held goes with the close: the server's gate records a difference in the audit log.
      doc.expected = (await shiftReport(ctx, open, doc)).expected;
      try {
        await writeAll(ctx.db.main, [doc]);
      } catch (e) {
        // Closed meanwhile (another tab, or a close synced in): the id is taken.
        if (e instanceof WriteRefused && e.conflict) throw new UserError('closed', SHIFT_MESSAGES.closed);
        throw e;
      }
      return shiftReport(ctx, open, doc);
    },

    'shift-report': async (input, ctx) => {
      const { open, close } = await found(ctx, input.id);
      return shiftReport(ctx, open, close);
    },

    'shift-list': async (_input, ctx) => {
      const till = await tillId(ctx);
      const all = await shifts(ctx);
      const now = ctx.clock();
      const mine = [...all.open.values()].filter((o) => isManager(ctx) || o.till === till);
      return mine.sort((a, b) => b.date - a.date).map((o) => shiftView(o, all.close.get(o._id), now));
    },
  },
  { writes: ['shift-open', 'shift-close'] },
);
