/**
 * Shell keyboard shortcuts (spec document 000 section 1): alt+number opens that menu entry, alt+s the new
 * sale for the configured sales type, alt+p a new purchase, F2 the settings (level 0 only). Keys are read
 * by `code` so layouts where alt+digit types a symbol (macOS) still work.
 */
import { useEffect } from 'react';
import type { ConfigValues } from '../../commands/config';
import type { SessionUser } from '../../commands/session';
import { config } from '../config';
import { navigate } from '../router';
import { session } from '../session';
import { entryAllowed, MENU, shortcutDigit, visibleMenu } from './menu';

function allowed(path: string, user: SessionUser, cfg: ConfigValues): boolean {
  const entry = MENU.find((e) => e.path === path);
  return !!entry && entryAllowed(entry, user.level, cfg);
}

/** The path a key press opens for this user, or undefined when the press is not a shortcut for them. */
export function shortcutTarget(e: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code' | 'key'>, user: SessionUser, cfg: ConfigValues): string | undefined {
  if (e.key === 'F2' && !e.altKey && !e.ctrlKey && !e.metaKey) return user.level === 0 ? '/settings' : undefined;
  if (!e.altKey || e.ctrlKey || e.metaKey) return undefined;
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(e.code)?.[1];
  if (digit !== undefined) {
    const entries = visibleMenu(user.level, cfg);
    return entries.find((_, i) => shortcutDigit(i) === digit)?.path;
  }
  if (e.code === 'KeyS' && allowed('/sales', user, cfg)) return cfg.salesType === 'quick' ? '/sales/quick' : '/sales/new';
  if (e.code === 'KeyP' && allowed('/purchases', user, cfg)) return '/purchases/new';
  return undefined;
}

/** Active while the shell is shown. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const user = session.value;
      if (!user) return;
      const target = shortcutTarget(e, user, config.value);
      if (!target) return;
      e.preventDefault();
      navigate(target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
