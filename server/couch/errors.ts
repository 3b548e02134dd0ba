/** The last word of the /db endpoint: any error becomes JSON with a short reason, never a page, stack or path. */
import type express from 'express';

export function jsonErrors(): express.ErrorRequestHandler {
  return (err: { status?: number; statusCode?: number; type?: string }, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const client = Number.isInteger(status) && status >= 400 && status < 500;
    if (!client) console.error(`/db ${req.method} ${req.path} failed:`, err);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 413) res.status(413).json({ error: 'too_large', reason: 'The request is too large.' });
    else if (client) res.status(status).json({ error: 'bad_request', reason: 'The request could not be read.' });
    else res.status(500).json({ error: 'internal', reason: 'Something went wrong on the server.' });
  };
}
