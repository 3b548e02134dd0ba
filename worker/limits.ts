/**
 * The last look before the worker writes: no document leaves it with an amount, quantity or percentage past
 * its bound, or a name or note past its length (commands/lib/doc-limits.ts), the very rule the server's validate_doc_update applies. Handlers
 * call it once they have built their documents and before anything is written or numbered, so a refusal
 * leaves nothing behind; the inputs themselves are checked where they are parsed (commands/lib/bounds.ts),
 * which names the field as the person typed it.
 */
import { UserError } from '../commands/errors';
import { docLimitsProblem } from '../commands/lib/doc-limits';

export function checkLimits(...docs: object[]): void {
  for (const doc of docs) checkEdit(doc);
}

/** The same for an edit of `before`: what it already held (from before the limits) is not judged again. */
export function checkEdit(doc: object, before?: object): void {
  const problem = docLimitsProblem(doc as { stores?: unknown }, before);
  if (problem) throw new UserError('out-of-bounds', problem);
}
