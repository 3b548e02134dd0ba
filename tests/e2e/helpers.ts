/** Shared steps of the shell's browser tests: sign a user in on the device and open a path. */
import type { Page } from 'puppeteer-core';
import type { RoleLevel, SessionUser } from '../../commands/session';

export function testUser(level: RoleLevel, overrides: Partial<SessionUser> = {}): SessionUser {
  return { username: `user${level}`, fullname: `User ${level}`, level, business: 'biz-test', businessName: 'Test shop', policyPrefix: '', ...overrides };
}

/** Puts the user (and optional extra localStorage keys) on the device before the app boots, then opens `path`. */
export async function openAs(page: Page, base: string, user: SessionUser | null, path: string, extra: Record<string, string> = {}): Promise<void> {
  await page.goto(base + '/not-found', { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    (u, more) => {
      localStorage.clear();
      if (u) localStorage.setItem('oja:user', JSON.stringify(u));
      for (const [k, v] of Object.entries(more)) localStorage.setItem(k, v);
    },
    user,
    extra,
  );
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
}

export function waitForPath(page: Page, path: string) {
  return page.waitForFunction((p) => location.pathname === p, {}, path);
}
