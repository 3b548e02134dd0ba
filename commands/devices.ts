/**
 * Device credentials (docs/architecture.md, 'Device credentials'): what a till holds to renew its session with
 * the server by itself, and what the owner's device list shows. Shared by the server (server/api/devices.ts),
 * the worker's renewal (worker/sync/remote-session.ts) and the screens (src/settings/DevicesScreen.tsx).
 */

/** What the server hands a device once, after a password sign-in: its id and a random 256-bit secret. */
export type DeviceCredential = { device: string; secret: string };

/** One device as the owner's list shows it (GET /api/devices/{business}). */
export type DeviceView = {
  device: string;
  username: string;
  full_name: string;
  /** Browser and system from the user agent at issue, e.g. 'Chrome on Windows'. */
  label: string;
  created: number;
  /** Its last renewal or its last request the server saw (kept at most once a minute). */
  last_seen: number;
  /** When the owner revoked it, or it was logged out (absent while it may sync). */
  revoked?: number;
  /** True when the device ended its own credential by logging out (rather than the owner revoking it). */
  signed_out?: boolean;
};

/** The header the worker sends with its requests to /db so the server can say when each device last synced. */
export const DEVICE_HEADER = 'X-Oja-Device';

/** The server's answers to a renewal it refuses (401 with one of these codes): the device needs the password again. */
export const DEVICE_REFUSALS = {
  unknown: 'This device is not known to the server. Sign in again.',
  revoked: 'This device was signed out by the owner. Sign in again to sync.',
  'signed-out': 'This device logged out. Sign in again to sync.',
  disabled: 'This account is disabled. The owner can enable it again.',
} as const;

export const DEVICE_MESSAGES = {
  notFound: 'No such device',
  alreadyRevoked: 'This device is already signed out',
  passwordNeeded: 'Your password is needed to register this device',
  notConfigured: 'This server cannot renew device sessions (COUCH_SESSION_SECRET is not set)',
  secretWrong: 'This server cannot renew device sessions (COUCH_SESSION_SECRET is not the database\'s secret)',
  revokedOk: 'The device is signed out. It can no longer sync until someone signs in on it with a password.',
  empty: 'No device has signed in yet.',
} as const;

/** 'Chrome on Windows' from a user agent; the longest label kept is 60 characters. */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent || '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /^node$|undici|node-fetch/i.test(ua)
              ? 'Node'
              : 'Browser';
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return (system ? `${browser} on ${system}` : browser).slice(0, 60);
}
