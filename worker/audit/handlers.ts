/** audit-list (commands/audit.ts). Entries are written by the commands they record (./entry.ts). */
import { domain } from '../registry';
import { listAudit } from './list';

export default domain({
  'audit-list': (input, ctx) => listAudit(ctx, input),
});
