/**
 * What the till does when a command answers that a customer would go past their credit limit (issue 28,
 * commands/lib/credit-limit.ts): 'credit-warning' asks to confirm; 'credit-approval' opens the manager's
 * approval dialog (a level 0-1 user types their username and password; the server checks them and records the
 * approval: POST /api/credit-approval); 'credit-blocked' is shown as the refusal it is. The sale form, the quick
 * sale, the stock transfer and the cash adjustment dialogs all go through withCredit().
 *
 *   const reply = await withCredit((extra) => dispatch('stock-transfer-create', { ...input, ...extra }), recipientId);
 *
 * <CreditApprovalHost /> is mounted once by the App; the dialog (and floating-ui) load with its first use.
 */
import { lazy, Suspense } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { CommandError, Reply } from '../../commands/errors';
import { CREDIT_MESSAGES, CREDIT_TITLE, type CreditApprovalGrant, type CreditInput } from '../../commands/lib/credit-limit';
import { confirmDialog } from '../ui/dialogs';
import type { ApprovalRequest } from './CreditApprovalDialog';

const CreditApprovalDialog = lazy(() => import('./CreditApprovalDialog').then((m) => ({ default: m.CreditApprovalDialog })));

const pending = signal<ApprovalRequest | null>(null);

/** The manager's approval for this customer, or null when the dialog was cancelled. */
export function askApproval(customer: string, text: string): Promise<CreditApprovalGrant | null> {
  return new Promise((resolve) => {
    pending.value = { customer, text, resolve };
  });
}

function finish(grant: CreditApprovalGrant | null): void {
  const head = pending.value;
  pending.value = null;
  head?.resolve(grant);
}

export function CreditApprovalHost() {
  useSignals();
  const head = pending.value;
  if (!head) return null;
  return (
    <Suspense fallback={null}>
      <CreditApprovalDialog request={head} onDone={finish} />
    </Suspense>
  );
}

export const CREDIT_CODES = new Set(['credit-warning', 'credit-approval']);

/** What to send again after a credit refusal: the confirmation or the approval; null when the person cancelled. */
export async function answerCredit(error: CommandError, customer: string | undefined): Promise<CreditInput | null> {
  if (error.code === 'credit-warning') {
    const yes = await confirmDialog({ title: CREDIT_TITLE, text: error.message, confirmText: CREDIT_MESSAGES.confirm });
    return yes ? { confirmCredit: true } : null;
  }
  if (error.code === 'credit-approval' && customer) {
    const grant = await askApproval(customer, error.message);
    return grant ? { creditApproval: grant } : null;
  }
  return null;
}

/**
 * Runs `send` and answers the credit questions it raises (at most the warning and then the approval), sending
 * again each time with what was answered. A cancel answers the spec-like 'credit-cancelled' refusal.
 */
export async function withCredit<T, C extends string>(
  send: (extra: CreditInput) => Promise<Reply<T, C>>,
  customer: string | undefined,
  first?: Reply<T, C>,
): Promise<Reply<T, C | 'credit-cancelled'>> {
  let extra: CreditInput = {};
  let reply = first ?? (await send(extra));
  for (let i = 0; i < 3 && !reply.ok && CREDIT_CODES.has(reply.error.code); i++) {
    const answer = await answerCredit(reply.error, customer);
    if (!answer) return { ok: false, error: { code: 'credit-cancelled', message: CREDIT_MESSAGES.cancelled } };
    extra = { ...extra, ...answer };
    reply = await send(extra);
  }
  return reply;
}
