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

export type DispatcherSettings = { by: string; maxAttempts: number; retryMs: number; leaseMs: number; catchUpMs?: number };

const BUSINESS_PREFIX = 'business:';

export function startDispatcher(couch: CouchClient, provider: SmsProvider, settings: DispatcherSettings, clock: () => number = Date.now) {
  const options: DispatchOptions = { couch, provider, clock, run: randomBytes(6).toString('hex'), ...settings };
  const followers = new Map<string, BusinessFollower>();
  let stopped = false;

  /** Where the server's feed of changed databases starts, or undefined when it has none (each business long-polls). */
  let feedSince: string | number | undefined;

  async function follow(record: BusinessRecord): Promise<void> {
    const business = record._id.slice(BUSINESS_PREFIX.length);
    if (followers.has(business) || stopped) return;
    const follower = new BusinessFollower(options, business);
    followers.set(business, follower);
    try {
      // The business's validation is the API's to keep (../api/validation.ts, with the business's own rules).
      await follower.start(feedSince === undefined);
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
        for (const { db_name, ids } of res.results) {
          const business = businessOfDb(db_name);
          // `ids` (the embedded server's): the messages written, delivered without reading the changes first.
          if (business && db_name === businessDb(business, 'main')) followers.get(business)?.poke(ids);
        }
        since = res.last_seq;
      } catch (e) {
        if (stopped) return;
        console.error('SMS dispatcher: database updates feed', e instanceof Error ? e.message : e);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  async function watchDirectory(): Promise<void> {
    const feed = await couch.request<{ last_seq?: string | number }>('GET', '/_db_updates?since=now');
    if (feed.status === 200 && feed.body.last_seq !== undefined) {
      feedSince = feed.body.last_seq;
      void watchUpdates(feedSince);
    }
    let since: string | number = (await couch.ok<{ update_seq: string | number }>('GET', `/${DIRECTORY_DB}`)).update_seq;
    for (const record of await couch.byPrefix<BusinessRecord>(DIRECTORY_DB, BUSINESS_PREFIX)) await follow(record);
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
    stop() {
      stopped = true;
      for (const f of followers.values()) f.stop();
    },
  };
}
