/**
 * What happens around a sign-in on this device: store the user (localStorage 'oja:user', read by the shell),
 * get this device's credential from the server and keep it in the lock record (never the password), start live
 * sync in the worker with it (docs/architecture.md, 'Device credentials'), and the guarded log-out (asks first
 * when documents have not reached the server).
 */
import type { Profile } from '../../commands/accounts';
import type { DeviceCredential } from '../../commands/devices';
import type { SessionUser } from '../../commands/session';
import { dispatch } from '../bus';
import { session, signIn, signOut } from '../session';
import { askPersistentStorage } from '../storage';
import { confirmDialog } from '../ui/dialogs';
import { clearLockRecord, currentLockRecord, writeLockRecord, type LockRecord } from './lock-record';
import { DB_PATH, endDevice, registerDevice, serverLogin, serverLogout } from './server-api';

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

/** What the worker may renew the session with: this device's credential, else a password (memory only). */
export type SyncCredentials = { device?: DeviceCredential; password?: string };

/** Starts (or restarts) live sync; without credentials the worker rides on the current session cookie. */
export function startSync(username: string, credentials: SyncCredentials = {}): Promise<unknown> {
  return dispatch('sync-start', { remote: location.origin + DB_PATH, username, ...credentials });
}

/** A new credential for this device, asked with the session just opened and the password; undefined when refused. */
async function newDevice(password: string): Promise<DeviceCredential | undefined> {
  const res = await registerDevice(password);
  return res.ok ? { device: res.body.device, secret: res.body.secret } : undefined;
}

/**
 * After a successful server login: persistent storage asked for, user stored, a device credential asked for,
 * the lock record written unlocked (pin = the password until one is set; the credential, not the password),
 * sync started with the credential (or, when the server gave none, the password kept in the worker's memory).
 */
export async function completeSignIn(profile: Profile, password: string): Promise<void> {
  const user = sessionUserOf(profile);
  void askPersistentStorage();
  await signIn(user);
  const device = await newDevice(password);
  await writeLockRecord({ locked: false, last_modified: Date.now(), pin: password, pinIsPassword: true, device, username: user.username, last: '' });
  void startSync(user.username, device ? { device } : { password });
}

/** Whether the record's pin is the account's password (a record from before the flag: its pin equals its password). */
function pinIsPassword(record: LockRecord): boolean {
  return record.pinIsPassword ?? record.pin === record.password;
}

/**
 * After an unlock (`record` opened with what was typed; null when this device had no record and the server
 * accepted `typed` as the password): sync renews with the record's credential. A record without one (written
 * before device credentials, or by a server that gave none) gets one now when the password is at hand (the
 * legacy record's, or the typed pin while it is the password), and is written again without any password.
 */
export async function resumeSync(username: string, record: LockRecord | null, typed: string): Promise<void> {
  let device = record?.device;
  const password = record ? (record.password ?? (pinIsPassword(record) ? typed : undefined)) : typed;
  if (!device && password && (await serverLogin(username, password)).ok) {
    device = await newDevice(password);
    const base = record ?? { locked: false, last: '', username, pin: typed, pinIsPassword: true };
    // Written without the password (writeLockRecord never stores one), so the flag is settled while it can be.
    if (device || record?.password) await writeLockRecord({ ...base, pinIsPassword: pinIsPassword(base as LockRecord), device, last_modified: Date.now() });
  }
  await startSync(username, device ? { device } : {});
}

/**
 * After the password changed: the pin follows it while it was the password, the credential stays (the server
 * keeps it across password changes); a record without one gets one with the new password.
 */
export async function afterPasswordChange(username: string, password: string): Promise<void> {
  const record = await currentLockRecord();
  const follows = !record || pinIsPassword(record);
  const device = record?.device ?? (await newDevice(password));
  const base = record ?? { locked: false, last: '', username, pin: password };
  await writeLockRecord({ ...base, pin: follows ? password : base.pin, pinIsPassword: follows, device, last_modified: Date.now() });
  void startSync(username, device ? { device } : { password });
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
  // The credential dies with the log-out, on the server too (offline: it stays valid until the owner revokes it).
  const record = await currentLockRecord();
  if (record?.device) await endDevice(record.username, record.device);
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
