/**
 * The SMS dispatcher: one follower per business (server/sms/follower.ts), found from the directory's business
 * records at start and from its changes feed afterwards (a business registered later is followed at once),
 * woken by one feed of changed databases for the whole server (`_db_updates`), so an idle server holds two
 * long-polls however many businesses it hosts.
 * `npm start` runs it with the log provider; SMS_PROVIDER picks another (see server/sms/provider.ts, README).
 */
import { randomBytes } from 'node:crypto';
import type { CouchClient } from '../couch/client';
import { businessDb, businessOfDb, DIRECTORY_DB } from '../couch/names';
import type { BusinessRecord } from '../api/directory';
import type { DispatchOptions } from './deliver';
import { BusinessFollower } from './follower';
import type { SmsProvider } from './types';

/** `feedSaveMs`: how often the feed position every business was read up to is saved, when it moved (default 5 s; tests set less). */
export type DispatcherSettings = { by: string; maxAttempts: number; retryMs: number; leaseMs: number; catchUpMs?: number; feedSaveMs?: number };

/** The directory document where a dispatcher keeps the feed position every business was read up to. */
type FeedDoc = { _id: string; _rev?: string; type: 'sms-dispatch-feed'; since: string | number };
const FEED_SAVE_MS = 5_000;

const BUSINESS_PREFIX = 'business:';

export function startDispatcher(couch: CouchClient, provider: SmsProvider, settings: DispatcherSettings, clock: () => number = Date.now) {
  const options: DispatchOptions = { couch, provider, clock, run: randomBytes(6).toString('hex'), ...settings };
  const followers = new Map<string, BusinessFollower>();
  let followedAll!: () => void;
  /** Resolves once every business in the directory at the start is followed (tests wait for it). */
  const followed = new Promise<void>((resolve) => (followedAll = resolve));
  let stopped = false;

  /** Where the server's feed of changed databases starts, or undefined when it has none (each business long-polls). */
  let feedSince: string | number | undefined;

  /**
   * The feed's answers are numbered; `positions` holds the position before each answer still needed, so the
   * position before the oldest answer whose business is not yet read to the end (a follower's dirtyFrom) can
   * be saved: a restart asks the feed what changed since then and reads only those businesses.
   */
  let batch = 0;
  const positions = new Map<number, string | number>();
  let latest: string | number | undefined;
  const feedId = `sms-dispatch-feed:${settings.by}`;
  let feedDoc: FeedDoc | undefined;
  let saver: ReturnType<typeof setInterval> | undefined;
  /** While the businesses are first followed: those the feed named before they had a follower. */
  let starting = true;
  const missed = new Set<string>();

  function safePosition(): string | number | undefined {
    let oldest = Infinity;
    for (const f of followers.values()) if (f.dirtyFrom !== undefined && f.dirtyFrom < oldest) oldest = f.dirtyFrom;
    if (oldest === Infinity) return latest;
    for (const k of positions.keys()) {
      if (k >= oldest) break;
      positions.delete(k);
    }
    return positions.get(oldest);
  }

  async function saveFeed(): Promise<void> {
    const since = safePosition();
    if (since === undefined || (feedDoc && String(feedDoc.since) === String(since))) return;
    const doc: FeedDoc = { _id: feedId, ...(feedDoc?._rev ? { _rev: feedDoc._rev } : {}), type: 'sms-dispatch-feed', since };
    const res = await couch.request<{ rev?: string }>('PUT', `/${DIRECTORY_DB}/${encodeURIComponent(feedId)}`, doc);
    if (res.status < 300) feedDoc = { ...doc, _rev: res.body.rev };
    // Only this dispatcher writes it: a 409 is a write whose answer was lost; the next save takes the stored revision.
    else if (res.status === 409) feedDoc = await couch.get<FeedDoc>(DIRECTORY_DB, feedId);
  }

  async function follow(record: BusinessRecord, catchUp = true): Promise<void> {
    const business = record._id.slice(BUSINESS_PREFIX.length);
    if (followers.has(business) || stopped) return;
    const follower = new BusinessFollower(options, business, batch);
    followers.set(business, follower);
    try {
      // The business's validation is the API's to keep (../api/validation.ts, with the business's own rules).
      await follower.start(feedSince === undefined, catchUp);
    } catch (e) {
      // Tried again when the record next changes or the server restarts; other businesses go on.
      followers.delete(business);
      console.error(`SMS dispatcher could not follow ${business}:`, e instanceof Error ? e.message : e);
    }
  }

  /**
   * One long-poll for every business: `_db_updates` (CouchDB's own, or the embedded server's: ../couch/db-updates.ts)
   * names the databases written since; the follower of each business whose main database is among them
   * reads its changes. Asked before the followers catch up, so a write during their catch-up is named again.
   */
  async function watchUpdates(since: string | number): Promise<void> {
    while (!stopped) {
      try {
        const res = await couch.ok<{ results: { db_name: string; ids?: string[] }[]; last_seq: string | number }>(
          'GET',
          `/_db_updates?feed=longpoll&timeout=25000&since=${encodeURIComponent(String(since))}`,
        );
        batch += 1;
        positions.set(batch, since);
        let named = false;
        for (const { db_name, ids } of res.results) {
          const business = businessOfDb(db_name);
          if (!business || db_name !== businessDb(business, 'main')) continue;
          named = true;
          const follower = followers.get(business);
          // `ids` (the embedded server's): the messages written, delivered without reading the changes first.
          if (follower) follower.poke(ids, batch);
          else if (starting) missed.add(business);
        }
        since = res.last_seq;
        // Only an answer naming a business moves the position to save (the saves themselves move the feed).
        if (named) latest = since;
      } catch (e) {
        if (stopped) return;
        console.error('SMS dispatcher: database updates feed', e instanceof Error ? e.message : e);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  async function watchDirectory(): Promise<void> {
    // What changed since this dispatcher last had every business read to the end (none: every business is read).
    let changed: Set<string> | undefined;
    feedDoc = await couch.get<FeedDoc>(DIRECTORY_DB, feedId);
    if (feedDoc?.since !== undefined) {
      const res = await couch.request<{ results?: { db_name: string }[]; last_seq?: string | number }>(
        'GET',
        `/_db_updates?feed=normal&since=${encodeURIComponent(String(feedDoc.since))}`,
      );
      // Another answer (a sequence the server no longer knows, ../couch/db-updates.ts): everything is read.
      if (res.status === 200 && Array.isArray(res.body.results) && res.body.last_seq !== undefined) {
        changed = new Set(res.body.results.map((r) => r.db_name));
        feedSince = res.body.last_seq;
      }
    }
    if (feedSince === undefined) {
      const feed = await couch.request<{ last_seq?: string | number }>('GET', '/_db_updates?since=now');
      if (feed.status === 200 && feed.body.last_seq !== undefined) feedSince = feed.body.last_seq;
    }
    if (feedSince !== undefined) {
      positions.set(0, feedSince);
      latest = feedSince;
      void watchUpdates(feedSince);
      saver = setInterval(() => void saveFeed().catch(() => undefined), settings.feedSaveMs ?? FEED_SAVE_MS);
    }
    let since: string | number = (await couch.ok<{ update_seq: string | number }>('GET', `/${DIRECTORY_DB}`)).update_seq;
    for (const record of await couch.byPrefix<BusinessRecord>(DIRECTORY_DB, BUSINESS_PREFIX)) {
      const business = record._id.slice(BUSINESS_PREFIX.length);
      await follow(record, !changed || changed.has(businessDb(business, 'main')) || missed.has(business));
    }
    starting = false;
    missed.clear();
    followedAll();
    while (!stopped) {
      try {
        const res = await couch.ok<{ results: { id: string; doc?: BusinessRecord }[]; last_seq: string | number }>(
          'GET',
          `/${DIRECTORY_DB}/_changes?feed=longpoll&timeout=25000&include_docs=true&since=${encodeURIComponent(String(since))}`,
        );
        for (const c of res.results) if (c.id.startsWith(BUSINESS_PREFIX) && c.doc?.type === 'business') await follow(c.doc);
        since = res.last_seq;
      } catch (e) {
        if (stopped) return;
        console.error('SMS dispatcher: directory feed', e instanceof Error ? e.message : e);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  const started = watchDirectory().catch((e) => console.error('SMS dispatcher stopped:', e));
  return {
    provider: provider.name,
    started,
    followed,
    stop() {
      stopped = true;
      clearInterval(saver);
      for (const f of followers.values()) f.stop();
    },
  };
}
