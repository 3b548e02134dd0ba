/**
 * The last word of the /db endpoint: any error becomes JSON with a short reason, never a page, stack or path.
 * `jsonErrors` answers what a handler passed to next(); `plainErrorAnswers` looks at the error answers the
 * database server writes itself (express-pouchdb puts an exception's message in `reason`: a stack overflow
 * in a validation function answered its whole stack, with file paths).
 */
import type express from 'express';
import { logText } from '../log-text';

/** A stack frame or a file path of this machine. */
const LEAKS = /\n\s+at |node_modules|(?:^|[\s"'(])\/(?:home|work|tmp|usr|root|opt|var|srv)\//;
/** Longer error answers are not looked at (no error of the database server is): they go on as they are. */
const LOOKED_AT_BYTES = 64 * 1024;

export function plainErrorAnswers(): express.RequestHandler {
  return (req, res, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (res.statusCode < 400 || res.headersSent || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) || chunk.length > LOOKED_AT_BYTES) return end(chunk, ...rest);
      const text = chunk.toString();
      if (!LEAKS.test(text)) return end(chunk, ...rest);
      console.error(`/db ${req.method} ${logText(req.path, 200)} answered ${res.statusCode}: ${logText(text, 2000)}`);
      const plain = JSON.stringify({ error: res.statusCode < 500 ? 'bad_request' : 'internal', reason: res.statusCode < 500 ? 'The request could not be handled.' : 'Something went wrong on the server.' });
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Content-Length', String(Buffer.byteLength(plain)));
      return end(plain);
    }) as typeof res.end;
    next();
  };
}

export function jsonErrors(): express.ErrorRequestHandler {
  return (err: { status?: number; statusCode?: number; type?: string }, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const client = Number.isInteger(status) && status >= 400 && status < 500;
    if (!client) console.error(`/db ${req.method} ${logText(req.path, 200)} failed:`, err);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 413) res.status(413).json({ error: 'too_large', reason: 'The request is too large.' });
    else if (client) res.status(status).json({ error: 'bad_request', reason: 'The request could not be read.' });
    else res.status(500).json({ error: 'internal', reason: 'Something went wrong on the server.' });
  };
}
