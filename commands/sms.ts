/**
 * SMS (document 000 section 7, document 001 sections 7-9): the derived unit balance and the SMS log.
 * Messages are queued by the commands that send them (sale, payment, cash adjustment, stock transfer, return)
 * through worker/sms/outbox.ts; the server's dispatcher sends them and records the outcome on the message.
 */
import type { SmsStatus } from './docs';
import type { TablePage, TableQuery } from './table';
import type { Reads } from './reads';

export type SmsBalance = {
  /** Credits minus the units of every message not failed: what this device may still queue. */
  balance: number;
  /** Units of messages dated this calendar month that were not refused. */
  spentThisMonth: number;
};

/** One row of the SMS log. */
export type SmsLogRow = {
  _id: string;
  date: number;
  recipient: string;
  message: string;
  units: number;
  status: SmsStatus;
  reason: string;
  kind: string;
};

export type SmsCommands = {
  /** The balance from the in-memory SMS book (no scan). */
  'sms-balance': (input: Record<string, never>) => Promise<SmsBalance>;
  /** The SMS log, newest first by default; summary carries balance and spentThisMonth. */
  'sms-log': (input: TableQuery) => Promise<TablePage<SmsLogRow>>;
};

/** What each read depends on (see commands/reads.ts): the balance is credits minus the units messages carry. */
export const SMS_READS = {
  'sms-balance': ['sms', 'sms-credit'],
  'sms-log': ['sms', 'sms-credit'],
} as const satisfies Reads<SmsCommands>;
