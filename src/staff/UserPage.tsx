/**
 * /finance/users/{username}: a staff member's name, username, email, phone, role and level, from the server.
 * The owner changes the role, resets the password, disables or re-enables the account and unlocks it after too
 * many wrong passwords (server/api/staff-account.ts enforces all of it); a manager sees the page without the
 * controls.
 */
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { ROLE_LABELS, type RoleLevel } from '../../commands/session';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { apiGet, apiPost, type Answer } from '../signin/server-api';
import { alertDialog, confirmDialog } from '../ui/dialogs';
import { Modal } from '../ui/Modal';
import { ErrorAlert, SelectField, TextField } from '../ui/fields';
import { failureText, ModalFooter } from './parts';

type Account = { username: string; full_name: string; email: string; phone_number: string; role: { level: RoleLevel; label: string }; disabled: boolean; locked?: boolean };

const LEVELS: RoleLevel[] = [1, 2, 3, 4];

function ResetPasswordModal({ path, onClose }: { path: string; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = pinProblem(password, confirm);
    setError(problem ?? '');
    if (problem) return;
    setBusy(true);
    const res = await apiPost(`${path}/password`, { password, confirm });
    setBusy(false);
    if (!res.ok) return setError(failureText(res, ACCOUNT_MESSAGES.loginFailed));
    onClose();
    await alertDialog({ title: 'Password reset', text: 'Give the new password to the user: their old one no longer works.' });
  };
  return (
    <Modal open onClose={onClose} title="Reset password" testId="reset-password-modal" footer={<ModalFooter formId="reset-password-form" label="Reset password" busy={busy} onCancel={onClose} />}>
      <form id="reset-password-form" onSubmit={submit} noValidate>
        <ErrorAlert message={error} />
        <TextField label="New password" type="password" value={password} onChange={setPassword} input={{ autoComplete: 'new-password', autoFocus: true }} />
        <TextField label="Confirm new password" type="password" value={confirm} onChange={setConfirm} input={{ autoComplete: 'new-password' }} />
      </form>
    </Modal>
  );
}

export function UserPage({ params, title }: ScreenProps) {
  const user = useSession();
  const owner = user?.level === 0;
  const path = user ? `users/${encodeURIComponent(user.business)}/${encodeURIComponent(params.id)}` : '';
  const [account, setAccount] = useState<Account | undefined>();
  const [error, setError] = useState('');
  const [level, setLevel] = useState('');
  const [resetting, setResetting] = useState(false);

  const take = useCallback((res: Answer<Account>) => {
    if (res.ok) {
      setAccount(res.body);
      setLevel(String(res.body.role.level));
      setError('');
    } else setError(failureText(res, ACCOUNT_MESSAGES.loginFailed));
  }, []);
  useEffect(() => {
    if (path) void apiGet<Account>(path).then(take);
  }, [path, take]);

  const saveRole = async () => take(await apiPost<Account>(`${path}/role`, { level }));
  const toggle = async () => {
    if (!account) return;
    const disabling = !account.disabled;
    const ok = await confirmDialog(
      disabling
        ? { title: `Disable ${account.full_name}?`, text: 'They will be signed out everywhere and cannot sign in or sync until the account is enabled again.', confirmText: 'Disable' }
        : { title: `Enable ${account.full_name}?`, text: 'They can sign in again with the password they had.', confirmText: 'Enable' },
    );
    if (ok) take(await apiPost<Account>(`${path}/${disabling ? 'disable' : 'enable'}`, {}));
  };

  // The server locks an account after too many wrong passwords (server/login/throttle.ts); the owner lifts it.
  const unlock = async () => take(await apiPost<Account>(`${path}/unlock`, {}));

  return (
    <section className="screen user-page" aria-label={title}>
      <h1>{account?.full_name ?? title}</h1>
      <ErrorAlert message={error} />
      {account && (
        <>
          <dl className="plan-facts card" data-testid="user-facts">
            <dt>Name</dt>
            <dd>{account.full_name}</dd>
            <dt>Username</dt>
            <dd data-testid="user-username">{account.username}</dd>
            <dt>Email</dt>
            <dd>{account.email}</dd>
            <dt>Phone</dt>
            <dd>{account.phone_number}</dd>
            <dt>Role</dt>
            <dd data-testid="user-role">{account.role.label}</dd>
            <dt>Level</dt>
            <dd data-testid="user-level">{account.role.level}</dd>
            <dt>Status</dt>
            <dd data-testid="user-status">
              {account.disabled ? 'Disabled: cannot sign in or sync' : account.locked ? 'Locked after too many wrong passwords' : 'Active'}
            </dd>
          </dl>
          {owner && (
            <div className="card">
              <div className="row-fields">
                <SelectField label="User type" value={level} onChange={setLevel} options={LEVELS.map((l) => ({ value: String(l), label: `${ROLE_LABELS[l]} (level ${l})` }))} />
              </div>
              <div className="screen-actions">
                <button type="button" className="btn btn-primary" disabled={level === String(account.role.level)} onClick={() => void saveRole()}>
                  Change role
                </button>
                <button type="button" className="btn" disabled={account.disabled} onClick={() => setResetting(true)}>
                  Reset password
                </button>
                <button type="button" className="btn" data-testid="toggle-account" onClick={() => void toggle()}>
                  {account.disabled ? 'Enable account' : 'Disable account'}
                </button>
                {account.locked && (
                  <button type="button" className="btn" data-testid="unlock-account" onClick={() => void unlock()}>
                    Unlock
                  </button>
                )}
              </div>
            </div>
          )}
        </>
      )}
      {resetting && <ResetPasswordModal path={path} onClose={() => setResetting(false)} />}
    </section>
  );
}
