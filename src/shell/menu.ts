/**
 * The main menu (spec document 000 section 2, "Menu entries and allowed role levels"), in the spec's order,
 * and who may see each entry. Pure: the shell, the route guard, the not-found page and the tests use it.
 *
 * Shortcut numbers: the entries a user can see are numbered 1, 2, … in menu order; alt+1…alt+9 open the
 * first nine and alt+0 the tenth (the spec says "alt plus the menu number"; it is silent on entries past 9).
 */
import { visibleTo, type ConfigValues } from '../../commands/config';
import type { RoleLevel } from '../../commands/session';

export type MenuEntry = {
  label: string;
  path: string;
  levels: readonly RoleLevel[];
  /** Extra condition from the table's last column. */
  when?: (cfg: ConfigValues) => boolean;
  /** Levels a setting admits beyond `levels` (Reports): a level it refuses neither sees the entry nor opens its routes. */
  allows?: (cfg: ConfigValues, level: number) => boolean;
};

export const MENU: readonly MenuEntry[] = [
  { label: 'Cashbook', path: '/cashbook', levels: [0, 1, 2] },
  { label: 'Banks', path: '/banks', levels: [0, 1, 2] },
  { label: 'Sales', path: '/sales', levels: [0, 1, 3] },
  { label: 'Purchases', path: '/purchases', levels: [0, 1, 4] },
  { label: 'Expenses', path: '/expenses', levels: [0, 1, 2, 3] },
  { label: 'Customers', path: '/customers', levels: [0, 1, 2, 3] },
  { label: 'Suppliers', path: '/suppliers', levels: [0, 1, 2, 4] },
  { label: 'Store', path: '/store', levels: [0, 1, 4] },
  { label: 'Showroom', path: '/showroom', levels: [0, 1, 4], when: (c) => c.useShowroom },
  { label: 'Transportation', path: '/transportation', levels: [0, 1, 2, 3], when: (c) => c.trackTransport },
  { label: 'Users', path: '/users', levels: [0, 1], when: (c) => (c.edition === 'Classic' || c.edition === 'Lite') && c.sync },
  { label: 'Branch offices', path: '/branches', levels: [0], when: (c) => c.edition === 'Classic' && c.sync },
  // Beyond the spec (issue 30): who may open it is a setting, managers and the admin by default.
  { label: 'Reports', path: '/reports', levels: [0, 1, 2, 3, 4], allows: (c, level) => visibleTo(c.reportsVisibility, level) },
  { label: 'Settings', path: '/settings', levels: [0] },
  // Beyond the spec (issue 39): whoever sells or keeps the cash opens and closes a till's shift (the levels of
  // commands/permissions.ts 'shift-open'), so a cashier, who cannot open the cashbook, finds Shifts here. Last, so
  // no earlier entry's alt+digit moves.
  { label: 'Shifts', path: '/shifts', levels: [0, 1, 2, 3] },
];

export function entryAllowed(entry: MenuEntry, level: number, cfg: ConfigValues): boolean {
  return (entry.levels as readonly number[]).includes(level) && (entry.when?.(cfg) ?? true) && (entry.allows?.(cfg, level) ?? true);
}

/** The entries this level sees with this configuration, in menu order. */
export function visibleMenu(level: number, cfg: ConfigValues): MenuEntry[] {
  return MENU.filter((e) => entryAllowed(e, level, cfg));
}

/** Where the not-found page's return link goes: the first entry the level allows. */
export function homePath(level: number | undefined, cfg: ConfigValues): string {
  if (level === undefined) return '/authentication/login';
  return visibleMenu(level, cfg)[0]?.path ?? '/authentication/login';
}

/** The digit key (alt+digit) that opens the n-th visible entry (0-based), or undefined past the tenth. */
export function shortcutDigit(index: number): string | undefined {
  if (index < 9) return String(index + 1);
  if (index === 9) return '0';
  return undefined;
}

/** The menu entry a path belongs to ('/sales/new' → Sales), for the route guard. */
export function entryForPath(path: string): MenuEntry | undefined {
  return MENU.find((e) => path === e.path || path.startsWith(e.path + '/'));
}
