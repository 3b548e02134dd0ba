/**
 * /authentication/set-pin ('Secure your data'): a pin for quick login on this device. The lock record is
 * re-encrypted under the new pin (it keeps this device's credential for sync). Then /cashbook after 1.5 s.
 *
 * The record opens only with its key, which a page holds from its sign-in or unlock. A page that does not (a
 * reload, a new tab, a typed address: issue 39) asks for the current password or pin first, beside the spec's
 * two fields, and opens the record with it; it used to flash 'Error encountered while setting pin' and leave for
 * the lock screen, where the pin the person believed set was then 'incorrect'.
 */
import { useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES, pinProblem } from '../../commands/accounts';
import { navigate } from '../router';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { ErrorAlert, TextField } from '../ui/fields';
import { currentLockRecord, hasLockRecord, holdsRecordKey, openLockRecord, writeLockRecord } from './lock-record';
import { LOGIN_PATH, landingPath } from './paths';

export const AFTER_SAVE_MS = 1500;

export function SetPinScreen(_props: ScreenProps) {
  const user = useSession();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  /** The current password or pin, asked only when this page does not hold the record's key. */
  const [needsCurrent] = useState(() => !holdsRecordKey());
  const [current, setCurrent] = useState('');
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
    const record = needsCurrent ? await openLockRecord(current) : await currentLockRecord();
    if (!record || record.username !== user.username) {
      // No record at all on this device (cleared storage): nothing to put under a pin until the next sign-in.
      setError(needsCurrent && hasLockRecord() ? ACCOUNT_MESSAGES.wrongPassword : ACCOUNT_MESSAGES.pinFailed);
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
        {needsCurrent && (
          <TextField
            label="Current password or pin"
            type="password"
            value={current}
            onChange={setCurrent}
            hint="This page was opened since you signed in or unlocked: your current password or pin opens this device's record first."
            input={{ autoFocus: true, autoComplete: 'current-password' }}
          />
        )}
        <TextField label="Password" type="password" value={pin} onChange={setPin} input={{ autoFocus: !needsCurrent, autoComplete: 'new-password' }} />
        <TextField label="Confirm password" type="password" value={confirm} onChange={setConfirm} input={{ autoComplete: 'new-password' }} />
        <button className="btn btn-primary" type="submit" disabled={saved}>
          Save
        </button>
      </form>
    </div>
  );
}
