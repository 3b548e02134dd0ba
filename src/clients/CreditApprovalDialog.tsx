/**
 * The manager's approval at the till (issue 28): why it is needed, then the manager's username and password,
 * checked by the server (POST /api/credit-approval: the sign-in's own password check and throttle, a level 0-1
 * user of this business); the cashier's session stays as it is. Offline the server cannot check: the dialog
 * says so. Keyboard: focus starts on Username, Enter approves, Escape cancels.
 */
import { useState } from 'react';
import { CREDIT_MESSAGES, type CreditApprovalGrant } from '../../commands/lib/credit-limit';
import { session } from '../session';
import { apiPost } from '../signin/server-api';
import { TextField } from '../ui/fields';
import { Modal } from '../ui/Modal';
import { DialogButtons, DialogForm } from './DialogParts';

const FORM = 'credit-approval-form';

/** What ./credit-ask.tsx asks: the customer, why, and where the answer goes (null: cancelled). */
export type ApprovalRequest = { customer: string; text: string; resolve: (grant: CreditApprovalGrant | null) => void };

export function CreditApprovalDialog({ request, onDone }: { request: ApprovalRequest; onDone: (grant: CreditApprovalGrant | null) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError('');
    const business = session.value?.business ?? '';
    setBusy(true);
    const res = await apiPost<CreditApprovalGrant>('credit-approval', { business, customer: request.customer, username: username.trim(), password });
    setBusy(false);
    if (res.ok) return onDone(res.body);
    setPassword('');
    if (res.status === 0) return setError(CREDIT_MESSAGES.offline);
    setError(res.status === 401 ? CREDIT_MESSAGES.wrongPassword : (res.message ?? CREDIT_MESSAGES.notManager));
  };

  return (
    <Modal
      open
      title={CREDIT_MESSAGES.approvalTitle}
      onClose={() => onDone(null)}
      testId="credit-approval-dialog"
      footer={<DialogButtons form={FORM} busy={busy} label={CREDIT_MESSAGES.approve} onCancel={() => onDone(null)} />}
    >
      <DialogForm id={FORM} error={error} onSubmit={submit}>
        <p data-testid="credit-approval-reason">{request.text}</p>
        <p className="field-hint">{CREDIT_MESSAGES.approvalHelp}</p>
        <TextField label="Manager's username or email" name="approver" value={username} onChange={setUsername} required input={{ autoComplete: 'off' }} />
        <TextField label="Password" name="approver-password" type="password" value={password} onChange={setPassword} required input={{ autoComplete: 'off' }} />
      </DialogForm>
    </Modal>
  );
}
