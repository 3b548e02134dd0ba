/**
 * With COUCH_URL set, /db/* is passed through to that Apache CouchDB, behind the same guard, so the browser
 * keeps talking to one origin (same cookies, no CORS) whichever database server is behind it.
 *
 * The answer is held until it is complete and then sent with one res.end(): the steps before this one that
 * act on a finished answer see the whole of it (./config-writes.ts answers a settings write only once its rules
 * are in force, ./hide-design.ts filters and gzips a listing: a streamed answer had its head out before either
 * could act). A lone newline that nothing follows for HEARTBEAT_AFTER_MS is a longpoll's heartbeat (CouchDB sends
 * `{"results":[` at once, then newlines while it waits) and goes on then, ahead of the held answer: JSON allows
 * whitespace anywhere between its tokens, and it keeps proxies from closing a quiet feed. Only the
 * never-ending feeds (admin only: the guard refuses them to members) stream as they come.
 *
 * What CouchDB says of itself stays here: its `Server:` header is dropped, a `Location:` naming CouchDB's own
 * address is made relative to /db (a client following it would leave Oja and lose its cookie), and its
 * AuthSession cookie leaves as Oja's own: HttpOnly, SameSite=Strict.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type express from 'express';
import type { GuardedRequest } from './guard';
import { CouchNodes } from './nodes';

/** How long a lone newline waits for more of the answer before it goes out as a heartbeat. */
const HEARTBEAT_AFTER_MS = 100;
const STREAMED_FEEDS = new Set(['continuous', 'eventsource']);
const DROPPED = new Set(['server', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** The AuthSession cookie as Oja sets its own: HttpOnly and SameSite=Strict whatever CouchDB said. */
export function strictCookie(cookie: string): string {
  const parts = cookie.split(';').map((p) => p.trim()).filter((p) => p && !/^(samesite|httponly)\b/i.test(p));
  return [...parts, 'HttpOnly', 'SameSite=Strict'].join('; ');
}

/** A Location naming the CouchDB itself, as a path under /db; any other Location is kept. */
export function localLocation(location: string, target: URL, base: string): string {
  let url: URL;
  try {
    url = new URL(location, target);
  } catch {
    return location;
  }
  const prefix = target.pathname.replace(/\/$/, '');
  if (url.origin !== target.origin || !url.pathname.startsWith(prefix)) return location;
  return base + url.pathname.slice(prefix.length) + url.search;
}

function passHeaders(answer: IncomingMessage, res: express.Response, req: express.Request, target: URL): void {
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || DROPPED.has(name) || name.startsWith('access-control-')) continue;
    if (name === 'location') res.setHeader(name, localLocation(String(value), target, req.baseUrl));
    else if (name === 'set-cookie') res.setHeader(name, (value as string[]).map(strictCookie));
    else res.setHeader(name, value);
  }
}

export function couchProxy(nodesOf: () => CouchNodes): express.RequestHandler {
  return (req, res) => {
    const nodes = nodesOf();
    const headers = { ...req.headers };
    delete headers.origin;
    // The guard has read a member's body already: it goes on as read (decoded, so without its encoding).
    const body = (req as GuardedRequest).rawBody;
    if (body) {
      delete headers['content-encoding'];
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
    }
    // Only a request whose body is at hand can be sent again to another node.
    const replayable = !!body || ['GET', 'HEAD', 'DELETE'].includes(req.method);
    const streamed = STREAMED_FEEDS.has(String(req.query.feed ?? ''));
    let closed = false;
    let current: ReturnType<typeof httpRequest> | undefined;
    res.on('close', () => {
      closed = true;
      current?.destroy();
    });

    const attempt = (base: string) =>
      new Promise<void>((resolve, reject) => {
        const target = new URL(base);
        const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
        const upstream = send(
          {
            protocol: target.protocol,
            hostname: target.hostname,
            port: target.port,
            method: req.method,
            path: target.pathname.replace(/\/$/, '') + req.url,
            headers: { ...headers, host: target.host },
          },
          (answer) => {
            resolve();
            res.status(answer.statusCode ?? 502);
            passHeaders(answer, res, req, target);
            if (streamed) {
              answer.pipe(res);
              return;
            }
            const held: Uint8Array[] = [];
            // A lone newline is a heartbeat only if nothing follows it soon: CouchDB also ends a listing with one.
            let newline: { chunk: Uint8Array; timer: NodeJS.Timeout } | undefined;
            const keep = () => {
              if (!newline) return;
              clearTimeout(newline.timer);
              held.push(newline.chunk);
              newline = undefined;
            };
            answer.on('data', (chunk: Buffer) => {
              keep();
              const bytes = new Uint8Array(chunk);
              if (!/^\n+$/.test(chunk.toString('latin1'))) return void held.push(bytes);
              newline = {
                chunk: bytes,
                timer: setTimeout(() => {
                  newline = undefined;
                  if (!closed) res.write(chunk);
                }, HEARTBEAT_AFTER_MS),
              };
            });
            answer.on('end', () => {
              keep();
              res.end(Buffer.concat(held));
            });
            answer.on('error', () => res.destroy());
          },
        );
        current = upstream;
        upstream.on('error', reject);
        if (body) upstream.end(body);
        else if (replayable) upstream.end();
        else req.pipe(upstream);
      });

    (replayable ? nodes.each(attempt) : attempt(nodes.url)).catch(() => {
      if (closed) return;
      if (!res.headersSent) res.status(502).json({ error: 'bad_gateway', reason: 'The database server cannot be reached.' });
      else res.end();
    });
  };
}
