/**
 * parked-list, parked-save, parked-take: baskets set aside on this device. They are documents of the
 * device-only `-local` database (never replicated, never read by the ledger or the sales lists), so a parked
 * basket is never a sale. The `-local` database has no changes feed into `changed` events, so each write here
 * announces itself, and every tab's parked list (useLive on 'parked-list') refreshes.
 */
import { asKind, type ParkedSale, type ParkedSaleDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { saleTotals } from '../../commands/lib/sale-math';
import { PARKED_MESSAGES } from '../../commands/parked';
import type { Ctx } from '../context';
import { getKind } from '../db';
import { domain } from '../registry';
import { putDoc, removeDoc } from '../writes';

const PREFIX = 'parked-sale-';

function view(doc: ParkedSaleDoc): ParkedSale {
  const { _id, _rev, stores, ...rest } = doc;
  void _id, _rev, stores;
  return rest;
}

async function all(ctx: Ctx): Promise<ParkedSaleDoc[]> {
  const res = await ctx.db.local.allDocs({ startkey: PREFIX, endkey: PREFIX + '\uffff', include_docs: true });
  return res.rows.map((r) => asKind(r.doc, 'parked-sale')).filter((d) => d !== undefined);
}

function announce(ctx: Ctx, id: string): void {
  ctx.emit({ kind: 'changed', types: ['parked-sale'], ids: [id] });
}

export default domain(
  {
    'parked-list': async (_input, ctx) => {
      const docs = await all(ctx);
      return docs.sort((a, b) => a.parked_at - b.parked_at).map(view);
    },

    'parked-save': async (input, ctx) => {
      const label = String(input.label ?? '').trim();
      if (!label) throw new UserError('label-required', PARKED_MESSAGES.labelRequired);
      const lines = (input.lines ?? []).filter((l) => l.id && l.name && Number(l.quantity) > 0);
      if (!lines.length) throw new UserError('empty', PARKED_MESSAGES.empty);
      const existing = await all(ctx);
      if (existing.some((d) => d.label.toLowerCase() === label.toLowerCase())) throw new UserError('label-taken', PARKED_MESSAGES.taken(label));
      // Device-only: the synced id scheme (and its invoice prefix) is not needed, only uniqueness on this device.
      const id = ctx.clock().toString(36) + Math.random().toString(36).slice(2, 6);
      const doc: ParkedSaleDoc = {
        _id: PREFIX + id,
        stores: 'parked-sale',
        id,
        label,
        source: input.source === 'form' ? 'form' : 'quick',
        lines,
        ...(input.customer ? { customer: input.customer } : {}),
        ...(input.amount_paid ? { amount_paid: input.amount_paid } : {}),
        ...(typeof input.level === 'string' && input.level ? { level: input.level.slice(0, 40) } : {}),
        ...(input.form !== undefined ? { form: input.form } : {}),
        parked_at: ctx.clock(),
        parked_by: ctx.session()?.username ?? '',
        total: saleTotals(lines).subtotal,
      };
      await putDoc(ctx.db.local, doc as never);
      announce(ctx, doc._id);
      return view(doc);
    },

    'parked-take': async (input, ctx) => {
      const doc = await getKind(ctx.db.local, PREFIX + input.id, 'parked-sale');
      if (!doc) throw new UserError('not-found', PARKED_MESSAGES.gone);
      await removeDoc(ctx.db.local, doc as never);
      announce(ctx, doc._id);
      return view(doc);
    },
  },
  { writes: ['parked-save', 'parked-take'] },
);
