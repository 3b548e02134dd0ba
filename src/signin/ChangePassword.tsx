/**
 * /authentication/change-password: current password, new password and confirmation. The server checks the
 * current one; afterwards this device signs in again with the new one (the old session ends with the old
 * password), updates the lock record (the pin follows the password while it was the password) and restarts
 * sync. Then /cashbook after 1.5 s.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { ErrorAlert, TextField } from '../ui/fields';
import { LOGIN_PATH, landingPath } from './paths';
import { changePassword, serverLogin } from './server-api';
import { afterPasswordChange } from './session-flow';
import { AFTER_SAVE_MS } from './SetPin';

export function ChangePasswordScreen(_props: ScreenProps) {
  const user = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) navigate(LOGIN_PATH, { replace: true });
  }, [user]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = pinProblem(password, confirm);
    setError(problem ?? '');
    if (problem || !user) return;
    setBusy(true);
    const res = await changePassword(current, password, confirm);
    if (!res.ok) {
      setBusy(false);
      setError(res.status === 400 && res.message ? res.message : ACCOUNT_MESSAGES.changePasswordFailed);
      return;
    }
    await serverLogin(user.username, password);
    // The quick-login pin stays what it was unless it was the old password; the device credential stays.
    await afterPasswordChange(user.username, password);
    setSaved(true);
    setTimeout(() => navigate(landingPath(user.level)), AFTER_SAVE_MS);
  };

  return (
    <div className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate aria-label="Change password">
        <h1>Change password</h1>
        <ErrorAlert message={error} />
        {saved && (
          <div className="alert alert-success" role="status">
            Your password has been changed.
          </div>
        )}
        <TextField label="Current password" type="password" value={current} onChange={setCurrent} input={{ autoFocus: true, autoComplete: 'current-password' }} />
        <TextField label="New password" type="password" value={password} onChange={setPassword} input={{ autoComplete: 'new-password' }} />
        <TextField label="Confirm new password" type="password" value={confirm} onChange={setConfirm} input={{ autoComplete: 'new-password' }} />
        <button className="btn btn-primary" type="submit" disabled={busy || saved}>
          Change password
        </button>
      </form>
    </div>
  );
}
