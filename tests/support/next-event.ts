/**
 * Waits for a backend's next event that matches, for server tests that drive a Node backend's sync. On a
 * timeout it fails with the sync's own account (state, lanes, last events from sync-status), so a run that
 * failed on a loaded machine says what the till was doing.
 */
import type { BackendEvent } from '../../commands/events';
import type { NodeBackend } from '../../worker/backend';

export function nextEvent(b: NodeBackend, match: (e: BackendEvent) => boolean, ms = 60000): Promise<BackendEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      void b.dispatch('sync-status', {}).then(
        (status) => reject(new Error(`event did not arrive in ${ms / 1000} s; sync: ${JSON.stringify(status.ok ? status.value : status.error)}`)),
        () => reject(new Error(`event did not arrive in ${ms / 1000} s`)),
      );
    }, ms);
    const off = b.subscribe((e) => {
      if (match(e)) {
        clearTimeout(timer);
        off();
        resolve(e);
      }
    });
  });
}
