/**
 * A Web Lock this tab holds for as long as it lives. The shared worker asks for the same lock and is granted it
 * only once the tab is gone, which is how it learns to stop sending that tab events (a closed MessagePort
 * says nothing). Resolves with the lock's name once held; without Web Locks, with undefined.
 */
let held: Promise<string | undefined> | null = null;

export function holdTabLock(): Promise<string | undefined> {
  if (held) return held;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return (held = Promise.resolve(undefined));
  const name = `oja-tab-${crypto.randomUUID()}`;
  held = new Promise((resolve) => {
    void locks.request(name, () => {
      resolve(name);
      return new Promise<never>(() => undefined);
    });
  });
  return held;
}
