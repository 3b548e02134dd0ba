/**
 * The audit log is the server's to write (server/couch/gate-audit.ts writes each entry with the server's
 * time and the name it knows for whoever acted): no member writes, changes or deletes an `audit:` document,
 * whatever kind its body claims.
 */
import { AUDIT_ID_PREFIX } from '../audit-docs';
import type { Rule } from './types';

export const AUDIT_MEMBER_REFUSED = 'Audit entries are written by the server only.';

export const auditRule: Rule = ({ doc, stored }) =>
  doc._id.startsWith(AUDIT_ID_PREFIX) || doc.stores === 'audit' || stored?.stores === 'audit' ? AUDIT_MEMBER_REFUSED : undefined;
