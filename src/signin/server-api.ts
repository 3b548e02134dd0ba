/**
 * The sign-in screens' calls to the server (same origin): the business API under /api and the database's
 * /_session. Never PouchDB: data goes through the worker. Answers are values, never throws:
 * { ok: true, body } or { ok: false, status, message } (status 0 = no network).
 */
import type { Profile } from '../../commands/accounts';
import type { DeviceCredential } from '../../commands/devices';
import { LOGIN_PREFIX } from '../../commands/session';

export type Answer<T> = { ok: true; body: T } | { ok: false; status: number; message?: string };

async function call<T>(method: string, path: string, body?: Record<string, string>, json = false): Promise<Answer<T>> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body ? { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded', Accept: 'application/json' } : { Accept: 'application/json' },
      body: body ? (json ? JSON.stringify(body) : new URLSearchParams(body).toString()) : undefined,
    });
    const parsed = (await res.json().catch(() => ({}))) as T & { message?: string };
    return res.ok ? { ok: true, body: parsed } : { ok: false, status: res.status, message: parsed?.message };
  } catch {
    return { ok: false, status: 0 };
  }
}

export const DB_PATH = '/db';

export function serverLogin(username: string, password: string): Promise<Answer<{ name: string; roles: string[] }>> {
  return call('POST', `${DB_PATH}/_session`, { name: LOGIN_PREFIX + username.trim(), password }, true);
}

/** The username for what the person typed: itself, or the one an email and password belong to. */
export async function loginName(name: string, password: string): Promise<Answer<{ username: string }>> {
  if (!name.includes('@')) return { ok: true, body: { username: name.trim() } };
  return call('POST', '/api/login-name', { name: name.trim(), password });
}

/** A credential for this device (server/api/devices.ts): needs the fresh session and the password again. */
export function registerDevice(password: string): Promise<Answer<DeviceCredential & { label: string }>> {
  return call('POST', '/api/devices', { password }, true);
}

/** A device logging out ends its own credential on the server (it renews nothing any more). */
export function endDevice(username: string, device: DeviceCredential): Promise<Answer<{ ok: true }>> {
  return call('POST', '/api/device-session/end', { username, ...device }, true);
}

export function serverLogout(): Promise<Answer<unknown>> {
  return call('DELETE', `${DB_PATH}/_session`);
}

/** Whether this browser has a live server session (GET /_session answers 200 either way: no 401 noise). */
export async function serverSession(): Promise<'signed-in' | 'signed-out' | 'offline'> {
  const res = await call<{ userCtx?: { name?: string | null } }>('GET', `${DB_PATH}/_session`);
  if (!res.ok) return 'offline';
  return res.body.userCtx?.name ? 'signed-in' : 'signed-out';
}

export function fetchProfile(): Promise<Answer<Profile>> {
  return call('GET', '/api/me');
}

export type RegisterAnswer = { ok: true; id: string; username: string; profile: Profile };

export function createBusiness(fields: Record<string, string>): Promise<Answer<RegisterAnswer>> {
  return call('POST', '/api/create-business/', fields);
}

export function changePassword(current: string, password: string, confirm: string): Promise<Answer<{ ok: true }>> {
  return call('POST', '/api/change-password', { current, password, confirm });
}

export function apiGet<T>(path: string): Promise<Answer<T>> {
  return call('GET', `/api/${path}`);
}

export function apiPost<T>(path: string, fields: Record<string, string>): Promise<Answer<T>> {
  return call('POST', `/api/${path}`, fields);
}
