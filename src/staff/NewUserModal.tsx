/** New user: full name, email, phone, password and user type (levels 1-4), checked with the spec's messages. */
import { useState } from 'react';
import { ACCOUNT_MESSAGES, DEFAULT_PHONE_PREFIX, staffProblem } from '../../commands/accounts';
import { ROLE_LABELS, type RoleLevel } from '../../commands/session';
import { apiPost } from '../signin/server-api';
import { Modal } from '../ui/Modal';
import { ErrorAlert, SelectField, TextField } from '../ui/fields';
import { failureText, ModalFooter } from './parts';

const LEVELS: RoleLevel[] = [1, 2, 3, 4];

export function NewUserModal({ business, onClose, onCreated }: { business: string; onClose: () => void; onCreated: (username: string) => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [password, setPassword] = useState('');
  const [level, setLevel] = useState('3');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = { full_name: fullName.trim(), email: email.trim(), phone_number: phone.trim(), password, level: Number(level) as RoleLevel };
    const problem = staffProblem(input);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    const res = await apiPost<{ username: string }>(`users/${encodeURIComponent(business)}`, { ...input, level: String(input.level), role: JSON.stringify({ level: input.level, label: ROLE_LABELS[input.level], at: business }) });
    setBusy(false);
    if (res.ok) onCreated(res.body.username);
    else setError(failureText(res, ACCOUNT_MESSAGES.loginFailed));
  };

  return (
    <Modal open onClose={onClose} title="New user" testId="new-user-modal" footer={<ModalFooter formId="new-user-form" label="Create user" busy={busy} onCancel={onClose} />}>
      <form id="new-user-form" onSubmit={submit} noValidate>
        <ErrorAlert message={error} />
        <TextField label="Full name" value={fullName} onChange={setFullName} />
        <TextField label="Email" type="email" value={email} onChange={setEmail} />
        <TextField label="Phone number" type="tel" value={phone} onChange={setPhone} />
        <TextField label="Password" type="password" value={password} onChange={setPassword} input={{ autoComplete: 'new-password' }} />
        <SelectField label="User type" value={level} onChange={setLevel} options={LEVELS.map((l) => ({ value: String(l), label: ROLE_LABELS[l] }))} />
      </form>
    </Modal>
  );
}
