/**
 * /settings/devices (level 0, from Settings): every device that signed in to the business with a password and
 * holds a device credential (docs/architecture.md, 'Device credentials'): its user, browser and system, when it
 * signed in, when it last synced, and Revoke. Revoking signs that device out at once: its session stops on its
 * next request and it can no longer renew it, so it syncs again only once someone signs in on it with a password.
 * The list is the server's (server/api/devices.ts enforces who may read and revoke), like the staff list.
 */
import { useEffect, useState } from 'react';
import { DEVICE_MESSAGES, type DeviceView } from '../../commands/devices';
import { formatDateTime } from '../../commands/lib/dates';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { currentLockRecord } from '../signin/lock-record';
import { apiPost } from '../signin/server-api';
import { failureText } from '../staff/parts';
import { useApiList } from '../staff/useApiList';
import { alertDialog, confirmDialog } from '../ui/dialogs';
import { ErrorAlert } from '../ui/fields';

export function DevicesScreen({ title }: ScreenProps) {
  const user = useSession();
  const base = user ? `devices/${encodeURIComponent(user.business)}` : null;
  const { docs, error, reload } = useApiList<DeviceView>(base);
  const [thisDevice, setThisDevice] = useState('');
  const [failure, setFailure] = useState('');

  useEffect(() => {
    void currentLockRecord().then((r) => setThisDevice(r?.device?.device ?? ''));
  }, []);

  const revoke = async (d: DeviceView) => {
    const self = d.device === thisDevice;
    const ok = await confirmDialog({
      title: `Sign out ${d.label} of ${d.full_name}?`,
      text: self
        ? 'This is the device you are using: it stops syncing when its session ends, until you sign in on it again with your password.'
        : 'It stops syncing at once and cannot sync again until someone signs in on it with a password.',
      confirmText: 'Revoke',
    });
    if (!ok || !base) return;
    const res = await apiPost(`${base}/${encodeURIComponent(d.device)}/revoke`, {});
    if (!res.ok) return setFailure(failureText(res, DEVICE_MESSAGES.notFound));
    setFailure('');
    await reload();
    await alertDialog({ title: 'Device signed out', text: DEVICE_MESSAGES.revokedOk });
  };

  return (
    <section className="screen devices" aria-label={title}>
      <h1>{title}</h1>
      <p>The devices that signed in to this business with a password. Each keeps syncing by itself until it is revoked here or its user is disabled.</p>
      <ErrorAlert message={failure || error} />
      {docs?.length === 0 && <p className="empty">{DEVICE_MESSAGES.empty}</p>}
      {!!docs?.length && (
        <div className="data-table-wrap">
          <table className="data-table" data-testid="devices-table">
            <thead>
              <tr>
                <th>User</th>
                <th>Device</th>
                <th>Signed in</th>
                <th>Last sync</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => (
                <tr key={d.device} data-testid={`device-${d.device}`} data-revoked={d.revoked ? 'true' : 'false'}>
                  <td>
                    {d.full_name} <span className="muted">({d.username})</span>
                  </td>
                  <td>
                    {d.label}
                    {d.device === thisDevice && ' (this device)'}
                  </td>
                  <td>{formatDateTime(d.created)}</td>
                  <td>{formatDateTime(d.last_seen)}</td>
                  <td>
                    {d.revoked ? (
                      `${d.signed_out ? 'Logged out' : 'Revoked'} ${formatDateTime(d.revoked)}`
                    ) : (
                      <button type="button" className="btn" onClick={() => void revoke(d)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
