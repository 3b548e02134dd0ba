/**
 * The rulebook: what a member may write, once, in TypeScript. The worker runs it before it writes
 * (worker/rules.ts); the server's /db gate runs it on every member write (server/couch/gate.ts), PUT, DELETE
 * and _bulk_docs with or without new_edits:false, against the stored documents it read. One small file per
 * job; each rule answers why a write is refused, or nothing.
 */
import { auditRule } from './audit';
import { boundsRule } from './bounds';
import { clientTermsRule } from './client-terms';
import { creditRule } from './credit';
import { deletionRule } from './deletion';
import { imageRule } from './images';
import { invoicePolicyRule, policyIdsToRead } from './invoice-policy';
import { kindRule } from './kinds';
import { moneyRule } from './money';
import { priceLevelRule } from './price-levels';
import { lineParentId, savedEditRule } from './saved-edits';
import { settingsRule } from './settings';
import { shapeRule } from './shapes';
import { shiftRule } from './shifts';
import { smsRule } from './sms';
import { stampRule } from './stamps';
import { stocktakeRule } from './stocktake';
import type { Doc, Rule, Write, Writer } from './types';
import { unitRule } from './units';

export type { Doc, Rule, Write, WriteSettings, Writer } from './types';

/** In order: who may write the kind at all first, then the rules of each kind. */
export const RULES: readonly Rule[] = [
  auditRule,
  kindRule,
  stampRule,
  deletionRule,
  savedEditRule,
  smsRule,
  shapeRule,
  moneyRule,
  shiftRule,
  stocktakeRule,
  settingsRule,
  creditRule,
  clientTermsRule,
  priceLevelRule,
  boundsRule,
  imageRule,
  unitRule,
  invoicePolicyRule,
];

/** Why this write is refused (the first rule against it), or undefined when the rulebook admits it. */
export function judgeWrite(w: Write): string | undefined {
  for (const rule of RULES) {
    const problem = rule(w);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The stored documents a batch's rules need besides those it writes: the transaction each line belongs to,
 * and the writer's own invoice policy.
 */
export function idsToRead(docs: readonly Doc[], writer: Writer): string[] {
  const ids = new Set<string>();
  for (const doc of docs) {
    ids.add(doc._id);
    const parent = lineParentId(doc);
    if (parent && !parent.startsWith('_')) ids.add(parent);
    for (const id of policyIdsToRead({ doc, writer })) ids.add(id);
  }
  return [...ids];
}
