/**
 * The one way a browser test opens the app: seed the business through its own backend (tests/support/seed.ts,
 * every reply checked; connecting unlocks the device as a sign-in does), put the user and any extra
 * localStorage keys on the device, then open the path. So a
 * test depends only on commands, not on other screens, and the app boots once, already signed in.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';
import { seedPage, type Call, type Values } from './seed';

/**
 * Seeds the calls as `user` (their values are answered, position by position), then opens `path` with `user`
 * signed in on the device (`null`: nobody) and the `storage` keys set; every other localStorage key is cleared.
 * The page waits on the worker script's own address, a page of the app's origin that starts nothing: no app
 * boots with the previous test's user, and no worker runs before the seed needs it.
 */
export async function openAs<C extends Call[]>(
  page: Page,
  base: string,
  user: SessionUser | null,
  path: string,
  seed: [...C] = [] as Call[] as [...C],
  storage: Record<string, string> = {},
): Promise<Values<C>> {
  await page.goto(base + '/worker.js', { waitUntil: 'domcontentloaded' });
  if (seed.length && !user) throw new Error('openAs: seeding needs a user');
  // With a user, always through the worker (even with nothing to seed): connecting unlocks it as a sign-in
  // would, and that worker (no tab has left it, so it does not end: worker/lifetime.ts) is the one the app joins.
  const values = user ? await seedPage(page, user, seed) : ([] as unknown as Values<C>);
  await page.evaluate(
    (u, more) => {
      localStorage.clear();
      if (u) localStorage.setItem('oja:user', JSON.stringify(u));
      for (const [k, v] of Object.entries(more)) localStorage.setItem(k, v);
    },
    user,
    storage,
  );
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  return values;
}
