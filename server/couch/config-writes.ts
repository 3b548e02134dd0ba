/**
 * A member's write of a config document (the settings, in the business's shared database) is answered only
 * once `onConfigWrite` has run for its business: the server bakes the delete settings into the validation
 * function (server/api/validation.ts), so the next request already meets the new rule.
 */
import type express from 'express';
import { CONFIG_DOC_PREFIX } from '../../commands/config';
import type { GuardedRequest } from './guard';

export type OnConfigWrite = (business: string) => Promise<void>;

/** The business whose settings this request writes, if it writes any. */
export function configWriteOf(req: GuardedRequest): string | undefined {
  const route = req.couchRoute;
  if (route?.kind !== 'db' || !route.db.endsWith('-shared') || !['PUT', 'POST', 'DELETE'].includes(req.method)) return undefined;
  const isConfig = (id: unknown) => typeof id === 'string' && id.startsWith(CONFIG_DOC_PREFIX);
  if (route.what === 'doc' && isConfig(route.id)) return route.business;
  const docs = (req.body as { docs?: { _id?: unknown }[] } | undefined)?.docs;
  if (route.what === 'bulk_docs' && Array.isArray(docs) && docs.some((d) => isConfig(d._id))) return route.business;
  return undefined;
}

export function afterConfigWrites(onConfigWrite: OnConfigWrite): express.RequestHandler {
  return (req, res, next) => {
    const business = configWriteOf(req as GuardedRequest);
    if (!business) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode >= 400) return end(...args);
      onConfigWrite(business).then(
        () => end(...args),
        (err: unknown) => {
          console.error(`Updating the validation of ${business} failed:`, err);
          end(...args);
        },
      );
      return res;
    }) as typeof res.end;
    next();
  };
}
