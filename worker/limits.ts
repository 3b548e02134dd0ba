/**
 * The last look before the worker writes: no document leaves it with an amount, quantity or percentage past
 * its bound (commands/lib/doc-limits.ts), the very rule the server's validate_doc_update applies. Handlers
 * call it once they have built their documents and before anything is written or numbered, so a refusal
 * leaves nothing behind; the inputs themselves are checked where they are parsed (commands/lib/bounds.ts),
 * which names the field as the person typed it.
 */
import { UserError } from '../commands/errors';
import { docBoundsProblem } from '../commands/lib/doc-limits';

export function checkLimits(...docs: object[]): void {
  for (const doc of docs) {
    const problem = docBoundsProblem(doc as { stores?: unknown });
    if (problem) throw new UserError('too-large', problem);
  }
}
