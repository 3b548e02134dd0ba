/**
 * What happens around a sign-in on this device: store the user (localStorage 'oja:user', read by the shell),
 * write the lock record, start live sync in the worker with the password (kept there in memory for
 * re-login), and the guarded log-out (asks first when documents have not reached the server).
 */
import type { Profile } from '../../commands/accounts';
import type { SessionUser } from '../../commands/session';
import { dispatch } from '../bus';
import { session, signIn, signOut } from '../session';
import { askPersistentStorage } from '../storage';
import { confirmDialog } from '../ui/dialogs';
import { clearLockRecord, currentLockRecord, writeLockRecord } from './lock-record';
import { DB_PATH, serverLogout } from './server-api';

export function sessionUserOf(profile: Profile): SessionUser {
  return {
    username: profile.username,
    fullname: profile.fullname,
    level: profile.level,
    business: profile.business,
    businessName: profile.businessName,
    policyPrefix: profile.policyPrefix,
  };
}

/** Starts (or restarts) live sync; without a password the worker rides on the current session cookie. */
export function startSync(username: string, password?: string): Promise<unknown> {
  return dispatch('sync-start', { remote: location.origin + DB_PATH, username, password });
}

/** After a successful server login: persistent storage asked for, user stored, lock record written unlocked, sync started. */
export async function completeSignIn(profile: Profile, password: string): Promise<void> {
  const user = sessionUserOf(profile);
  void askPersistentStorage();
  await signIn(user);
  await writeLockRecord({ locked: false, last_modified: Date.now(), pin: password, password, username: user.username, last: '' });
  void startSync(user.username, password);
}

/** Message for the log-out question, or '' when every local change has reached the server. */
async function unpushedWarning(): Promise<string> {
  const res = await dispatch('sync-pending', {});
  const n = res.ok ? res.value.pending : 0;
  return n > 0 ? `${n} change${n === 1 ? '' : 's'} made on this device ${n === 1 ? 'has' : 'have'} not reached the server yet. If you log out now, ${n === 1 ? 'it' : 'they'} may be lost.` : '';
}

/** Logs out; answers false when the person chose to stay because of unpushed changes. */
export async function logOut(): Promise<boolean> {
  if (session.value) {
    const warning = await unpushedWarning();
    if (warning && !(await confirmDialog({ title: 'Unsynced changes', text: warning, confirmText: 'Log out anyway', cancelText: 'Stay' }))) return false;
    await dispatch('sync-stop', {});
  }
  clearLockRecord();
  await serverLogout();
  await signOut();
  return true;
}

/** Marks the lock record locked (idle lock) when this page holds its key. */
export async function markLocked(last: string): Promise<void> {
  const record = await currentLockRecord();
  if (record) await writeLockRecord({ ...record, locked: true, last, last_modified: Date.now() });
}
