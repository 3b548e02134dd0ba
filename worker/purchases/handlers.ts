import type { MovementLineDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { mayEditSaved, savedEditProblem } from '../../commands/rules/saved-edits';
import { canReviewDeletion, decideDeletion, DELETE_TEXTS } from '../../commands/lib/deletion';
import { fromBase62 } from '../../commands/lib/ids';
import { subMoney } from '../../commands/lib/money';
import { actingUser, stampOf } from '../acting-user';
import { deleteOrReview, loadTransaction } from '../deletion/transaction';
import { domain } from '../registry';
import { buildPurchase } from './build';
import { listPurchases } from './list';
import { writeAllOr } from '../writes';

const KINDS = { kind: 'purchase', lineKind: 'purchase_item' } as const;
const SAVE_FAILED = 'The purchase could not be saved. Please try again.';
const refused = () => new UserError('purchase-save', SAVE_FAILED);

const lineOrder = (id: string) => fromBase62(id.slice(id.lastIndexOf('-') + 1));

export default domain(
  {
    'purchase-create': async (input, ctx) => {
      const user = stampOf(ctx);
      const { purchase, lines } = await buildPurchase(ctx, input, ctx.newId('purchase'), user);
      // One batch: the ledger never sees the purchase without its lines.
      await writeAllOr(ctx.db.main, [purchase, ...lines], refused);
      return { id: purchase._id, invoice_number: purchase.invoice_number };
    },

    'purchase-get': async (input, ctx) => {
      const user = actingUser(ctx);
      const found = await loadTransaction(ctx, input.id, KINDS).catch((e) => {
        if (e instanceof UserError && e.code === 'not-found') return null;
        throw e;
      });
      if (!found) return null;
      const { doc, lines } = found;
      const rules = await ctx.config();
      const target = { creator: doc.user?.username, date: doc.date, delete_pending: doc.delete_pending };
      return {
        purchase: doc,
        lines: (lines as MovementLineDoc[]).sort((a, b) => lineOrder(a._id) - lineOrder(b._id)),
        balance: subMoney(doc.total_due, doc.amount_paid),
        deletion: decideDeletion(rules, user, target, ctx.clock()),
        canReview: !!doc.delete_pending && canReviewDeletion(rules, user, target),
        canEdit: !doc.delete_pending && mayEditSaved(user, rules, doc, ctx.clock()),
      };
    },

    'purchase-update': async (input, ctx) => {
      const user = stampOf(ctx);
      const { doc, lines: old } = await loadTransaction(ctx, input.id, KINDS);
      if (doc.delete_pending) throw new UserError('purchase-pending', DELETE_TEXTS.pendingBanner);
      // Who may change a saved purchase (commands/rules/saved-edits.ts), as the server's gate will judge it.
      const notEditable = savedEditProblem(actingUser(ctx), await ctx.config(), doc, ctx.clock());
      if (notEditable) throw new UserError('not-editable', notEditable);
      const { purchase, lines } = await buildPurchase(ctx, input, doc._id, doc.user ?? user);
      const before = new Map(old.map((l) => [l._id, l]));
      const kept = new Set(lines.map((l) => l._id));
      // Lines replaced in the same batch as the purchase: same ids are updated, surplus old lines deleted. A line
      // keeps who created it; a new line is the editor's (the server refuses a new document stamped by another).
      const batch = [
        { ...purchase, _rev: doc._rev, updatedBy: user },
        ...lines.map((l) => {
          const was = before.get(l._id);
          return { ...l, _rev: was?._rev, user: was ? was.user : user };
        }),
        ...old.filter((l) => !kept.has(l._id)).map((l) => ({ ...l, _deleted: true, deletedBy: user })),
      ];
      // All or none: another till's edit arriving meanwhile leaves its version standing, none of this one.
      await writeAllOr(ctx.db.main, batch, refused);
      return { id: purchase._id, invoice_number: purchase.invoice_number };
    },

    'purchase-delete': (input, ctx) => deleteOrReview(ctx, input, KINDS),

    'purchases-list': (input, ctx) => listPurchases(ctx, input),
  },
  { writes: ['purchase-create', 'purchase-update', 'purchase-delete'] },
);
