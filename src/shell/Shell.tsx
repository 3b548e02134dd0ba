/**
 * The shell around every inside route: top bar (business, user, sync state, read-only and storage badges), the menu
 * (entries this level may see, with their alt+number hints), the screen, the footer. It also owns the
 * shortcuts, the idle lock, the owner's Export data button, and the Lock and Log out buttons (plain buttons: Tab
 * reaches them, Enter presses).
 */
import type { ReactNode } from 'react';
import { ROLE_LABELS } from '../../commands/session';
import { useConfig } from '../config';
import { syncState } from '../events';
import { Link, navigate, useRoute } from '../router';
import { useReadOnly, useSession } from '../session';
import { useSignals } from '@preact/signals-react/runtime';
import { AppFooter } from './AppFooter';
import { logOut } from '../signin/session-flow';
import { LOGIN_PATH } from '../signin/paths';
import { lockNow, useIdleLock } from './idle';
import { shortcutDigit, visibleMenu } from './menu';
import { StorageBadge, StorageFullAlert } from './StorageNotice';
import { syncBadge } from './sync-badge';
import { ExportButton } from './ExportButton';
import { useShortcuts } from './shortcuts';

export function SyncStatus() {
  useSignals();
  const s = syncState.value;
  const cfg = useConfig();
  const badge = syncBadge(s, cfg.sync);
  // The server wants a password the worker no longer holds: the lock screen asks for it and restarts sync.
  if (badge.kind === 'signed-out') {
    return (
      <button type="button" className="btn btn-small sync-state sync-error" data-testid="sync-state" data-state={s.state} data-badge={badge.kind} onClick={lockNow} title={s.message}>
        {badge.text}
      </button>
    );
  }
  if (badge.kind === 'refused') {
    return (
      <button type="button" className="btn btn-small sync-state sync-error" data-testid="sync-state" data-state={s.state} data-badge={badge.kind} onClick={() => navigate('/sync')} title="Changes the server did not accept">
        {badge.text}
      </button>
    );
  }
  return (
    <span className={`sync-state sync-${s.state}`} data-testid="sync-state" data-state={s.state} data-badge={badge.kind} title={s.message}>
      {badge.text}
    </span>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const user = useSession();
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const { path } = useRoute();
  useShortcuts();
  useIdleLock(!!user);
  const entries = user ? visibleMenu(user.level, cfg) : [];
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Oja</span>
        <span className="business" title={user?.businessName} data-testid="business-name">
          {user?.businessName ?? ''}
        </span>
        <span className="spacer" />
        {readOnly && (
          <span className="badge badge-warning" data-testid="read-only-badge">
            Read-only
          </span>
        )}
        <StorageBadge />
        <SyncStatus />
        {user && (
          <span className="who">
            {user.fullname} · {ROLE_LABELS[user.level]}
          </span>
        )}
        <ExportButton />
        {user && (
          <>
            <button type="button" className="btn btn-small" data-testid="lock-button" onClick={lockNow} title="Lock the screen; your password opens it again">
              Lock
            </button>
            <button type="button" className="btn btn-small" data-testid="logout-button" onClick={() => void logOut().then((out) => out && navigate(LOGIN_PATH))}>
              Log out
            </button>
          </>
        )}
      </header>
      <nav className="menu" aria-label="Main menu" data-testid="menu">
        <ul>
          {entries.map((e, i) => {
            const digit = shortcutDigit(i);
            const current = path === e.path || path.startsWith(e.path + '/');
            return (
              <li key={e.path}>
                <Link to={e.path} aria-current={current ? 'page' : undefined} aria-keyshortcuts={digit ? `Alt+${digit}` : undefined}>
                  <span className="menu-label">{e.label}</span>
                  {digit && <kbd className="menu-key">alt+{digit}</kbd>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <main className="content" id="content">
        <StorageFullAlert />
        {children}
      </main>
      <AppFooter />
    </div>
  );
}
