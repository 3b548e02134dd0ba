/** Small helpers of the API routes: errors as 4xx values, async handlers that never crash the process. */
import type express from 'express';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid') => new ApiError(400, code, message);

type AsyncHandler = (req: express.Request, res: express.Response) => Promise<unknown>;

/** Wraps a handler: its result is sent as JSON; an ApiError becomes its status; anything else a logged 500. */
export function route(handler: AsyncHandler): express.RequestHandler {
  return (req, res) => {
    handler(req, res).then(
      (value) => {
        if (!res.headersSent) res.json(value);
      },
      (err: unknown) => {
        if (res.headersSent) return;
        if (err instanceof ApiError) {
          res.status(err.status).json({ error: err.code, message: err.message });
          return;
        }
        console.error(`API ${req.method} ${req.path} failed:`, err);
        res.status(500).json({ error: 'internal', message: 'Something went wrong on the server. Please try again.' });
      },
    );
  };
}

/** The AuthSession cookie of a request (set by the database endpoint at sign-in). */
export function authCookie(req: express.Request): string | undefined {
  const header = req.headers.cookie ?? '';
  return /(?:^|;\s*)AuthSession=([^;]+)/.exec(header)?.[1];
}

/** A form field as text ('' when missing or not text). */
export function text(body: Record<string, unknown>, key: string): string {
  const v = body?.[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A field sent either as an object (extended form encoding) or as JSON text. */
export function objectField<T>(body: Record<string, unknown>, key: string): T | undefined {
  const v = body?.[key];
  if (v && typeof v === 'object') return v as T;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      return JSON.parse(v) as T;
    } catch {
      throw badRequest(`${key} is not valid JSON`);
    }
  }
  return undefined;
}

/**
 * A staff level as the app sends it: the number 1-4, or that one digit as text (a form field). Anything else
 * ('0x1', '1e0', ' 1', 1.0000001, '01') is NaN, which the callers' checks refuse.
 */
export function staffLevel(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 1 && v <= 4 ? v : NaN;
  return typeof v === 'string' && /^[1-4]$/.test(v) ? Number(v) : NaN;
}
