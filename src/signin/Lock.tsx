/**
 * /authentication/lock (quick login): the remembered user's full name and business, a password field, and
 * 'Not {name}?' to log in as someone else. The password is checked against the encrypted lock record on
 * this device (works offline); the worker is then told to unlock (every tab of the business opens again) and
 * sync renews its session with the device credential the record holds. Opening this screen locks the device
 * (src/lock.ts).
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../commands/accounts';
import { lockDevice, lockState, takeLockedFrom, unlockDevice } from '../lock';
import { navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { LAST_ROUTE_KEY } from '../shell/idle';
import { confirmDialog } from '../ui/dialogs';
import { ErrorAlert, TextField } from '../ui/fields';
import { hasLockRecord, openLockRecord, writeLockRecord, type LockRecord } from './lock-record';
import { LOGIN_PATH, landingPath } from './paths';
import { serverLogin } from './server-api';
import { logOut, markLocked, resumeSync } from './session-flow';

const AFTER_LOGIN_MS = 50;

export function LockScreen(_props: ScreenProps) {
  const user = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user && !localStorage.getItem('oja:user')) navigate(LOGIN_PATH, { replace: true });
    else if (lockState.value !== 'locked') {
      // Reached without the Lock button (a typed address, the register screen's redirect): lock all the same.
      void lockDevice();
      void markLocked(localStorage.getItem(LAST_ROUTE_KEY) ?? '');
    }
  }, [user]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!user) return;
    setBusy(true);
    setError('');
    // Unlocked by this device's record, or (no record: cleared storage) by the server accepting the password.
    let unlocked: { record: LockRecord | null } | null = null;
    const record = await openLockRecord(password);
    if (record && record.username === user.username) {
      unlocked = { record };
      await writeLockRecord({ ...record, locked: false, last_modified: Date.now() });
    } else if (!hasLockRecord()) {
      // No record on this device (cleared storage): check with the server instead.
      const login = await serverLogin(user.username, password);
      if (login.ok) unlocked = { record: null };
    }
    if (unlocked === null) {
      setBusy(false);
      setError(ACCOUNT_MESSAGES.wrongPassword);
      return;
    }
    // This tab's own route first (taken before unlocking, so the unlock does not move this tab by itself).
    const last = takeLockedFrom() ?? localStorage.getItem(LAST_ROUTE_KEY);
    const refused = await unlockDevice();
    if (refused) {
      setBusy(false);
      setError(refused);
      return;
    }
    setSuccess(ACCOUNT_MESSAGES.quickLoginOk);
    // Sync renews its session with the device credential the record releases (no password kept anywhere).
    void resumeSync(user.username, unlocked.record, password);
    await new Promise((r) => setTimeout(r, AFTER_LOGIN_MS));
    localStorage.removeItem(LAST_ROUTE_KEY);
    if (last && (await confirmDialog({ title: 'Continue your last session?', text: `You were on ${last}.`, confirmText: 'Continue', cancelText: 'Start afresh' }))) navigate(last);
    else navigate(landingPath(user.level));
  };

  const notMe = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (await logOut()) navigate(LOGIN_PATH);
  };

  if (!user) return null;
  const first = user.fullname.split(/\s+/)[0] || user.username;
  return (
    <div className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate aria-label="Quick login">
        <h1 data-testid="lock-name">{user.fullname}</h1>
        <p className="signin-business">{user.businessName}</p>
        <ErrorAlert message={error} />
        {success && (
          <div className="alert alert-success" role="status">
            {success}
          </div>
        )}
        <TextField label="Password" type="password" value={password} onChange={setPassword} input={{ autoFocus: true, autoComplete: 'current-password' }} />
        <button className="btn btn-primary" type="submit" disabled={busy}>
          Unlock
        </button>
        <p>
          <a href={LOGIN_PATH} onClick={notMe}>
            Not {first}?
          </a>
        </p>
      </form>
    </div>
  );
}
