/**
 * Whether the browser keeps this device's data when its disk runs low. Without persistent storage a browser
 * may evict the site's IndexedDB (every unsynced sale with it), so sign-in asks for it and the shell shows a
 * notice when the browser refused.
 *
 *   storagePersisted.value        true (kept), false (may be cleared), null (not known: no Storage API, or not asked yet)
 *   askPersistentStorage()        at sign-in: navigator.storage.persist() (a browser may ask the person)
 *   checkPersistentStorage()      at boot with a signed-in user: navigator.storage.persisted(), never a prompt
 */
import { signal } from '@preact/signals-react';

export const storagePersisted = signal<boolean | null>(null);

type StorageApi = { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> };

function storageApi(): StorageApi | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageApi | undefined);
}

async function settle(ask: (() => Promise<boolean>) | undefined): Promise<void> {
  if (!ask) return;
  try {
    storagePersisted.value = await ask();
  } catch {
    // A browser that throws here (some private modes) keeps nothing for sure.
    storagePersisted.value = false;
  }
}

export function askPersistentStorage(): Promise<void> {
  const api = storageApi();
  return settle(api?.persist?.bind(api));
}

export function checkPersistentStorage(): Promise<void> {
  const api = storageApi();
  return settle(api?.persisted?.bind(api));
}
