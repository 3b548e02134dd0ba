/**
 * business-export: every document of the business's synced databases as this device holds them. It reads
 * whole databases on purpose (a download of everything, asked for by the owner), never to answer a screen.
 */
import { EXPORT_FORMAT, EXPORT_MESSAGES } from '../../commands/export';
import { UserError } from '../../commands/errors';
import { actingUser } from '../acting-user';
import type { Database } from '../pouch';
import { domain } from '../registry';

async function everyDocument(db: Database): Promise<Record<string, unknown>[]> {
  const all = await db.allDocs({ include_docs: true, conflicts: true });
  return all.rows.map((r) => r.doc as Record<string, unknown>);
}

export default domain({
  'business-export': async (_input, ctx) => {
    const user = actingUser(ctx);
    if (user.level !== 0) throw new UserError('forbidden', EXPORT_MESSAGES.ownerOnly);
    const [main, shared, denormalized] = await Promise.all([everyDocument(ctx.db.main), everyDocument(ctx.db.shared), everyDocument(ctx.db.denormalized)]);
    return {
      format: EXPORT_FORMAT,
      business: user.business,
      businessName: user.businessName,
      exported: ctx.clock(),
      exportedBy: user.username,
      databases: { main, shared, denormalized },
    };
  },
});
