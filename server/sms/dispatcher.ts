/**
 * The SMS dispatcher: one follower per business (server/sms/follower.ts), found from the directory's business
 * records at start and from its changes feed afterwards (a business registered later is followed at once).
 * `npm start` runs it with the log provider; SMS_PROVIDER picks another (see server/sms/provider.ts, README).
 */
import { randomBytes } from 'node:crypto';
import type { CouchClient } from '../couch/client';
import { DIRECTORY_DB } from '../couch/names';
import type { BusinessRecord } from '../api/directory';
import type { DispatchOptions } from './deliver';
import { BusinessFollower } from './follower';
import { migrateSmsUnits, refreshValidation } from './migrate';
import type { SmsProvider } from './types';

export type DispatcherSettings = { by: string; maxAttempts: number; retryMs: number; leaseMs: number };

const BUSINESS_PREFIX = 'business:';

export function startDispatcher(couch: CouchClient, provider: SmsProvider, settings: DispatcherSettings, clock: () => number = Date.now) {
  const options: DispatchOptions = { couch, provider, clock, run: randomBytes(6).toString('hex'), ...settings };
  const followers = new Map<string, BusinessFollower>();
  let stopped = false;

  async function follow(record: BusinessRecord): Promise<void> {
    const business = record._id.slice(BUSINESS_PREFIX.length);
    if (followers.has(business) || stopped) return;
    const follower = new BusinessFollower(options, business);
    followers.set(business, follower);
    try {
      await refreshValidation(couch, business, record.branch?.of);
      await migrateSmsUnits(couch, business, clock());
      await follower.start();
    } catch (e) {
      // Tried again when the record next changes or the server restarts; other businesses go on.
      followers.delete(business);
      console.error(`SMS dispatcher could not follow ${business}:`, e instanceof Error ? e.message : e);
    }
  }

  async function watchDirectory(): Promise<void> {
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
