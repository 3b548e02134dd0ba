/**
 * History routing for Oja (spec document 000 section 2): one `location` signal, `navigate(path)`, a `Link`.
 *
 *   navigate('/sales/new')                 push a history entry (scroll resets to the top)
 *   navigate('/not-found', { replace: true })
 *   const { path, query } = useRoute()     current pathname and URLSearchParams (re-renders on change)
 *   <Link to="/store">Store</Link>        a real <a href>, keyboard-focusable; plain clicks stay in the app
 *   matchPath('/sales/invoice/:id', path)  → { id } or null  (routes.tsx uses it)
 *   notFound()                             for screens whose record is missing: replaces the URL with /not-found
 *
 * Every navigation (push, replace, back/forward) resets the scroll position to the top, as the spec asks.
 */
import { createElement, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

export type Location = { path: string; search: string };

function readLocation(): Location {
  if (typeof window === 'undefined') return { path: '/', search: '' };
  return { path: window.location.pathname, search: window.location.search };
}

/** The current location; read `.value` (components call useRoute() instead). */
export const location = signal<Location>(readLocation());

function settle(): void {
  location.value = readLocation();
  window.scrollTo(0, 0);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  const target = url.pathname + url.search + url.hash;
  if (target === window.location.pathname + window.location.search + window.location.hash && !options.replace) {
    settle();
    return;
  }
  if (options.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  settle();
}

/** A missing invoice, statement, receipt or expense goes here (spec: "redirects to /not-found"). */
export function notFound(): void {
  navigate('/not-found', { replace: true });
}

if (typeof window !== 'undefined') window.addEventListener('popstate', settle);

export type Route = { path: string; query: URLSearchParams };

/** The current route; the calling component re-renders when it changes. */
export function useRoute(): Route {
  useSignals();
  const { path, search } = location.value;
  return { path, query: new URLSearchParams(search) };
}

/**
 * Matches '/sales/invoice/:id' against a pathname (a trailing slash is ignored, as in '/customer/{_id}/').
 * Returns the decoded parameters, or null.
 */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An in-app link: ctrl/shift/middle clicks keep the browser's behaviour (new tab), plain clicks navigate. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return createElement('a', { ...rest, href: to, onClick: handle });
}
