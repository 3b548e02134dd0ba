/**
 * The footer's notice that the service worker could not be registered (src/offline.ts): this window will not open
 * without the network, and installing the app would not change that. The browser's reason is in the title.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { OFFLINE_UNAVAILABLE_TEXT, offlineUnavailable } from '../offline';

export function OfflineNotice() {
  useSignals();
  const reason = offlineUnavailable.value;
  if (reason === null) return null;
  return (
    <span className="badge badge-warning offline-notice" role="status" data-testid="offline-unavailable" title={reason}>
      {OFFLINE_UNAVAILABLE_TEXT}
    </span>
  );
}
