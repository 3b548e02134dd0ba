/** New branch: branch name, manager's name, email, phone and password, checked with the spec's messages. */
import { useState } from 'react';
import { ACCOUNT_MESSAGES, branchProblem, DEFAULT_PHONE_PREFIX } from '../../commands/accounts';
import { createBusiness } from '../signin/server-api';
import { Modal } from '../ui/Modal';
import { ErrorAlert, TextField } from '../ui/fields';
import { failureText, ModalFooter } from './parts';

export function NewBranchModal({ parent, onClose, onCreated }: { parent: string; onClose: () => void; onCreated: (username: string) => void }) {
  const [name, setName] = useState('');
  const [owner, setOwner] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = { name: name.trim(), owner: owner.trim(), email: email.trim(), phone: phone.trim(), password };
    const problem = branchProblem(input);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    const res = await createBusiness({ ...input, joined: String(Date.now()), branch: JSON.stringify({ of: parent, name: input.name }), allow: 'true' });
    setBusy(false);
    if (res.ok) onCreated(res.body.username);
    else setError(failureText(res, ACCOUNT_MESSAGES.registerFailed));
  };

  return (
    <Modal open onClose={onClose} title="New branch" testId="new-branch-modal" footer={<ModalFooter formId="new-branch-form" label="Create branch" busy={busy} onCancel={onClose} />}>
      <form id="new-branch-form" onSubmit={submit} noValidate>
        <ErrorAlert message={error} />
        <TextField label="Branch name" value={name} onChange={setName} />
        <TextField label="Manager's name" value={owner} onChange={setOwner} />
        <TextField label="Email" type="email" value={email} onChange={setEmail} />
        <TextField label="Phone number" type="tel" value={phone} onChange={setPhone} />
        <TextField label="Password" type="password" value={password} onChange={setPassword} input={{ autoComplete: 'new-password' }} />
      </form>
    </Modal>
  );
}
