/**
 * With COUCH_URL set, /db/* is passed through to that Apache CouchDB, behind the same guard, so the browser
 * keeps talking to one origin (same cookies, no CORS) whichever database server is behind it.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type express from 'express';
import type { GuardedRequest } from './guard';

export function couchProxy(couchUrl: string): express.RequestHandler {
  const target = new URL(couchUrl);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res) => {
    const headers = { ...req.headers, host: target.host };
    delete headers.origin;
    // The guard has read a member's body already: it goes on as read (decoded, so without its encoding).
    const body = (req as GuardedRequest).rawBody;
    if (body) {
      delete headers['content-encoding'];
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
    }
    const upstream = send(
      { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: target.pathname.replace(/\/$/, '') + req.url, headers },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !/^access-control-/i.test(k)) res.setHeader(k, v);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.status(502).json({ error: 'bad_gateway', reason: 'The database server cannot be reached.' });
      else res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };
}
