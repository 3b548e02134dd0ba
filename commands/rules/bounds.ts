/**
 * Bounds and lengths (commands/lib/doc-limits.ts, the tables the worker checks before it writes): no amount,
 * quantity or percentage past its bound, no name or note past its length. A value the stored version already
 * held is not judged again (a document from before a bound can still be edited and marked).
 */
import { docLimitsProblem } from '../lib/doc-limits';
import type { Rule } from './types';

export const boundsRule: Rule = ({ doc, stored }) => docLimitsProblem(doc, stored);
