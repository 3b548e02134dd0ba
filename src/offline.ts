/**
 * Registers the service worker that caches the app shell, so the app loads with the network gone and an installed
 * Oja (public/manifest.webmanifest) opens in its own window offline. A registration that fails is not only a
 * console line: `offlineUnavailable` carries the reason and the footer shows it (src/shell/OfflineNotice.tsx), since
 * a shop that believes the app works offline would otherwise find out when the network drops.
 */
import { signal } from '@preact/signals-react';

/** Why this page will not work offline (the registration's error), or null while nothing went wrong. */
export const offlineUnavailable = signal<string | null>(null);

export const OFFLINE_UNAVAILABLE_TEXT = 'Offline use is not available in this browser window: Oja needs the network to open here.';

export function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) {
    offlineUnavailable.value = 'This browser has no service workers (a private window, or switched off).';
    return Promise.resolve();
  }
  return navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    () => {
      offlineUnavailable.value = null;
    },
    (e: unknown) => {
      offlineUnavailable.value = e instanceof Error ? e.message : String(e);
    },
  );
}
