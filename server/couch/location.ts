/**
 * A `Location:` from the database server names a document as that server sees it: express-pouchdb builds it from
 * the Host header without the /db mount (`http://oja/oja-x/4A` instead of `/db/oja-x/4A`), Apache CouchDB with its
 * own address. Either way a client following it left /db (and, for CouchDB, Oja and its cookie). Here any Location
 * on this host, or on a host the proxy named, becomes a path under /db; another site's is left as it is.
 */
import type express from 'express';

export function locationUnderDb(location: string, req: express.Request, databaseOrigins: string[] = []): string {
  let url: URL;
  try {
    url = new URL(location, `http://${req.headers.host ?? 'localhost'}/`);
  } catch {
    return location;
  }
  const own = url.host === req.headers.host || databaseOrigins.includes(url.origin);
  if (!own) return location;
  const path = url.pathname.startsWith(req.baseUrl + '/') ? url.pathname : req.baseUrl + url.pathname;
  return path + url.search;
}

/** For the embedded endpoint: its Location headers as paths under /db. */
export function keepLocationUnderDb(): express.RequestHandler {
  return (req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) =>
      setHeader(name, name.toLowerCase() === 'location' && typeof value === 'string' ? locationUnderDb(value, req) : value)) as typeof res.setHeader;
    next();
  };
}
