/**
 * /authentication/set-pin ('Secure your data'): a pin for quick login on this device. The lock record is
 * re-encrypted under the new pin (it keeps this device's credential for sync). Then /cashbook after 1.5 s.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { ErrorAlert, TextField } from '../ui/fields';
import { currentLockRecord, writeLockRecord } from './lock-record';
import { LOCK_PATH, LOGIN_PATH, landingPath } from './paths';

export const AFTER_SAVE_MS = 1500;

export function SetPinScreen(_props: ScreenProps) {
  const user = useSession();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!user) navigate(LOGIN_PATH, { replace: true });
  }, [user]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = pinProblem(pin, confirm);
    setError(problem ?? '');
    if (problem || !user) return;
    const record = await currentLockRecord();
    if (!record) {
      // This page does not hold the record's key (reloaded since sign-in): unlock first.
      setError(ACCOUNT_MESSAGES.pinFailed);
      navigate(LOCK_PATH);
      return;
    }
    try {
      await writeLockRecord({ ...record, pin, pinIsPassword: false, last_modified: Date.now() });
    } catch {
      setError(ACCOUNT_MESSAGES.pinFailed);
      return;
    }
    setSaved(true);
    setTimeout(() => navigate(landingPath(user.level)), AFTER_SAVE_MS);
  };

  return (
    <div className="signin">
      <form className="card signin-card" onSubmit={submit} noValidate aria-label="Secure your data">
        <h1>Secure your data</h1>
        <ErrorAlert message={error} />
        {saved && (
          <div className="alert alert-success" role="status">
            Your pin has been set.
          </div>
        )}
        <TextField label="Password" type="password" value={pin} onChange={setPin} input={{ autoFocus: true, autoComplete: 'new-password' }} />
        <TextField label="Confirm password" type="password" value={confirm} onChange={setConfirm} input={{ autoComplete: 'new-password' }} />
        <button className="btn btn-primary" type="submit" disabled={saved}>
          Save
        </button>
      </form>
    </div>
  );
}
