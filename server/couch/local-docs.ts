/**
 * `_local` documents are bounded (issue 37, finding 9): they are replication checkpoints, a few hundred bytes
 * each, but any member could store any number of any size. Their size is bounded with the body
 * (./limits.ts MAX_LOCAL_BODY_BYTES); their number per member and database here: the local ids each member has
 * written to a database are recorded, oldest first, in the admin-only directory (`local-docs:{db}:{name}`), and
 * a new one past MAX_LOCAL_PER_MEMBER deletes that member's oldest. Nobody is refused: a deleted checkpoint
 * only means that device's next sync compares revisions from the start again (each reinstalled device makes a
 * new one, so a long-lived login does pass the bound). Writes of one member to one database are taken in turn.
 */
import type express from 'express';
import type { CouchClient } from './client';
import type { GuardedRequest } from './guard';
import { MAX_LOCAL_PER_MEMBER } from './limits';
import { DIRECTORY_DB } from './names';

type Tally = { _id: string; _rev?: string; type: 'local-docs'; db: string; name: string; ids: string[] };

/** Tallies kept in memory at most (each a few KB); past it the cache starts again (the directory has them all). */
const CACHED = 2000;

export function localDocBounds(couch: () => CouchClient): express.RequestHandler {
  const tallies = new Map<string, Tally>();
  const turns = new Map<string, Promise<void>>();

  const record = async (db: string, name: string, id: string): Promise<void> => {
    const key = `local-docs:${db}:${name}`;
    let tally = tallies.get(key) ?? (await couch().get<Tally>(DIRECTORY_DB, key)) ?? { _id: key, type: 'local-docs', db, name, ids: [] };
    if (tally.ids.includes(id)) return void tallies.set(key, tally);
    const ids = [...tally.ids, id];
    const evicted = ids.length > MAX_LOCAL_PER_MEMBER ? ids.splice(0, ids.length - MAX_LOCAL_PER_MEMBER) : [];
    const res = await couch().request<{ rev?: string }>('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(key)}`, { ...tally, ids });
    if (res.status >= 300) throw new Error(`recording a local document: ${res.status}`);
    tally = { ...tally, ids, _rev: res.body.rev };
    if (tallies.size >= CACHED) tallies.clear();
    tallies.set(key, tally);
    for (const old of evicted) {
      const path = `/${encodeURIComponent(db)}/_local/${encodeURIComponent(old.slice('_local/'.length))}`;
      const current = await couch().request<{ _rev?: string }>('GET', path);
      if (current.status === 200 && current.body._rev) await couch().request('DELETE', `${path}?rev=${encodeURIComponent(current.body._rev)}`);
    }
  };

  return (req, res, next) => {
    const { couchRoute: route, couchCaller: caller } = req as GuardedRequest;
    if (route?.kind !== 'db' || route.what !== 'local' || req.method !== 'PUT' || !route.id || !caller?.name) return next();
    const key = `${route.db}\n${caller.name}`;
    const turn = (turns.get(key) ?? Promise.resolve()).then(() => record(route.db, caller.name!, route.id!));
    const settled = turn.then(
      () => undefined,
      () => undefined,
    );
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    turn.then(() => next(), next);
  };
}
