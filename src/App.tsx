/**
 * The app: resolves the current route, applies the redirects of the spec ('/' → register, unknown →
 * /not-found), keeps people without a session out of the shell, keeps levels out of menu areas they may not
 * open, and renders the screen inside or outside the shell.
 */
import { useLayoutEffect } from 'react';
import { useConfig } from './config';
import { navigate, useRoute } from './router';
import { NOT_FOUND, resolveRoute, ROOT_REDIRECT, type Resolved } from './routes';
import { useSession } from './session';
import { MENU } from './shell/menu';
import { AppFooter } from './shell/AppFooter';
import { Shell } from './shell/Shell';
import { DialogHost } from './ui/dialogs';
import type { SessionUser } from '../commands/session';

export const SIGN_IN_PATH = '/authentication/login';

/** Where this path must go instead, or undefined when it may render. Guards check role levels only. */
function redirectFor(path: string, resolved: Resolved | undefined, user: SessionUser | null): string | undefined {
  if (path === '/') return ROOT_REDIRECT;
  if (!resolved) return NOT_FOUND;
  if (resolved.route.shell && !user) return SIGN_IN_PATH;
  const guard = resolved.route.guard && MENU.find((e) => e.path === resolved.route.guard);
  if (guard && user && !(guard.levels as readonly number[]).includes(user.level)) return NOT_FOUND;
  return undefined;
}

export function App() {
  const { path } = useRoute();
  const user = useSession();
  useConfig();
  const resolved = resolveRoute(path);
  const redirect = redirectFor(path, resolved, user);

  useLayoutEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
    else if (resolved) document.title = `${resolved.route.title} · Oja`;
  }, [redirect, resolved?.route]);

  if (redirect || !resolved) return <DialogHost />;
  const Screen = resolved.route.screen!;
  const screen = <Screen params={resolved.params} title={resolved.route.title} />;
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
    </>
  );
}
