/**
 * The app: resolves the current route, applies the redirects of the spec ('/' → register, unknown →
 * /not-found), keeps people without a session out of the shell, keeps levels out of menu areas they may not
 * open, and renders the screen inside or outside the shell.
 */
import { useLayoutEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { configLoaded, useConfig } from './config';
import { LOCK_PATH, lockState, rememberLockedFrom, type LockState } from './lock';
import { navigate, useRoute } from './router';
import { NOT_FOUND, resolveRoute, ROOT_REDIRECT, type Resolved } from './routes';
import { useSession } from './session';
import { MENU } from './shell/menu';
import { AppFooter } from './shell/AppFooter';
import { Shell } from './shell/Shell';
import { SwitchedOff, SWITCHED } from './shell/SwitchedOff';
import { DialogHost } from './ui/dialogs';
import { CreditApprovalHost } from './clients/credit-ask';
import type { ConfigValues } from '../commands/config';
import type { SessionUser } from '../commands/session';

export const SIGN_IN_PATH = '/authentication/login';

/** Routes that show business data or change the device's secrets: only while the device is unlocked. */
const needsUnlock = (resolved: Resolved) => resolved.route.shell || resolved.route.needsUnlock === true;

/** Where this path must go instead, or undefined when it may render. Guards check role levels (and, for Reports, the levels its setting admits). */
function redirectFor(path: string, resolved: Resolved | undefined, user: SessionUser | null, lock: LockState, cfg: ConfigValues): string | undefined {
  if (path === '/') return ROOT_REDIRECT;
  if (!resolved) return NOT_FOUND;
  if (resolved.route.shell && !user) return SIGN_IN_PATH;
  // Back, a typed URL, a new tab or a reload while locked: the worker says locked, so the lock screen.
  if (user && lock === 'locked' && needsUnlock(resolved)) return LOCK_PATH;
  const guard = resolved.route.guard && MENU.find((e) => e.path === resolved.route.guard);
  if (guard && user && !(guard.levels as readonly number[]).includes(user.level)) return NOT_FOUND;
  // A level the area's setting refuses (Reports), once the settings are known (the defaults could refuse too early).
  if (guard && user && guard.allows && configLoaded.value && !guard.allows(cfg, user.level)) return NOT_FOUND;
  return undefined;
}

export function App() {
  useSignals();
  const { path, query } = useRoute();
  const user = useSession();
  const cfg = useConfig();
  const lock = lockState.value;
  const resolved = resolveRoute(path);
  const redirect = redirectFor(path, resolved, user, lock, cfg);
  // Until the worker has said whether the device is locked, a data route shows nothing.
  const waiting = !redirect && !!user && !!resolved && needsUnlock(resolved) && lock === 'unknown';

  useLayoutEffect(() => {
    if (redirect === LOCK_PATH) {
      const search = query.toString();
      rememberLockedFrom(path + (search ? `?${search}` : ''));
    }
    if (redirect) navigate(redirect, { replace: true });
    else if (resolved) document.title = `${resolved.route.title} · Oja`;
  }, [redirect, resolved?.route]);

  if (redirect || !resolved || waiting) return <DialogHost />;
  const Screen = resolved.route.screen!;
  // A menu area whose setting is off says so (and, to the owner, how to turn it on) instead of opening empty.
  const off = resolved.route.guard && SWITCHED[resolved.route.guard] && configLoaded.value && !MENU.find((e) => e.path === resolved.route.guard)?.when?.(cfg);
  const screen = off ? <SwitchedOff path={resolved.route.guard!} /> : <Screen params={resolved.params} title={resolved.route.title} />;
  return (
    <>
      {resolved.route.shell ? (
        <Shell>{screen}</Shell>
      ) : (
        <div className="outside">
          {screen}
          <AppFooter />
        </div>
      )}
      <DialogHost />
      <CreditApprovalHost />
    </>
  );
}
