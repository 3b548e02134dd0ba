/** Sign-in area paths, and a one-shot notice the login screen shows (e.g. after a failed automatic login). */
import { homePath } from '../shell/menu';
import { CONFIG_DEFAULTS } from '../../commands/config';

export const LOGIN_PATH = '/authentication/login';
export const REGISTER_PATH = '/authentication/register';
export const LOCK_PATH = '/authentication/lock';
export const FINISHED_PATH = '/authentication/finished';

/** The finished screen of a sign-in; after a registration it names the new username too (the person's one look at it). */
export const finishedPath = (business: string, username?: string) =>
  `${FINISHED_PATH}?id=${encodeURIComponent(business)}${username ? `&username=${encodeURIComponent(username)}` : ''}`;

/** Where a signed-in level lands: /cashbook, or the first menu entry the level may open (sales agents). */
export function landingPath(level: number): string {
  return homePath(level, CONFIG_DEFAULTS);
}

let loginNotice = '';
export function setLoginNotice(text: string): void {
  loginNotice = text;
}
export function takeLoginNotice(): string {
  const text = loginNotice;
  loginNotice = '';
  return text;
}
