/**
 * What a screen receives and how the route table describes it. A leaf module: screens import their props
 * from here, never from routes.tsx (the route table imports every screen, so the other way would be a circle).
 */
import type { ComponentType } from 'react';

/** `params` from the route's ':name' parts; `title` is the route's title. */
export type ScreenProps = { params: Record<string, string>; title: string };

export type RouteDef = {
  path: string;
  title: string;
  shell: boolean;
  /** The menu entry (by path) whose role levels may open the route; other levels get not-found. */
  guard?: string;
  /** Outside the shell, yet only while the device is unlocked (set-pin, change-password); shell routes always are. */
  needsUnlock?: boolean;
  screen?: ComponentType<ScreenProps>;
};
