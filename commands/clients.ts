/** Customers and suppliers (document 001 sections 3 and 5): create, search, get. Used by sales, purchases, payments. */
import type { ClientDoc } from './docs';
import type { TablePage, TableQuery } from './table';
import { MONEY_TYPES, type Reads } from './reads';
import type { CreditView } from './lib/credit-limit';

export type ClientKind = 'customer' | 'supplier';

export type ClientInput = {
  kind: ClientKind;
  name: string;
  phone_number?: string;
  /** Default percentage discount; stored only when percentage discounts are on. */
  discount?: number;
  /** Stored only when clientAddress is on. */
  address?: string;
  /** Stored only when clientRemarks is on. */
  remarks?: string;
  /** Customers: the price level (id) their sales start with; empty or absent: retail. */
  defaultLevel?: string;
  /**
   * Start balance (money text or number). Non-zero creates an excluded payment entry with the absolute amount,
   * factor -1 when negative (customer: positive = owes the business; supplier: negative = the business owes).
   */
  balance?: number | string;
  /** Customers: the credit limit (money text or number, 0 or more); empty = none. Managers (level 0-1) only. */
  credit_limit?: number | string | null;
};

/** One search hit: enough to fill a form's client block. */
export type ClientSummary = { _id: string; kind: ClientKind; name: string; phone_number?: string; discount?: number; address?: string; credit_limit?: number; defaultLevel?: string };

export type ClientSearchInput = { kind: ClientKind; query: string; limit?: number };

/** Client update: the client's _id and the fields the edit dialog shows (same switches as create). */
export type ClientUpdateInput = {
  id: string;
  name: string;
  phone_number?: string;
  discount?: number;
  address?: string;
  remarks?: string;
  /** Absent: unchanged; empty text or null: no limit. Changing it takes a manager (level 0-1). */
  credit_limit?: number | string | null;
  /** Customers: the default price level (id); '' clears it; absent: unchanged. */
  defaultLevel?: string;
};

/**
 * List tabs (document 001 'Customer list'): by the sign rule of section 9, positive = debtor (owes the business),
 * negative = creditor (the business owes them: a supplier not yet paid).
 */
export type ClientTab = 'all' | 'debtors' | 'creditors' | 'over-limit';
/** 'over-limit' (issue 28): customers whose balance is above their credit limit. */
export const CLIENT_TABS: readonly ClientTab[] = ['all', 'debtors', 'creditors', 'over-limit'];

/** Debtor ageing buckets: whole days since the oldest unpaid debit (sale, start balance...) of a debtor. */
export type AgeBucket = 'current' | '1-30' | '31-60' | '61-90' | '90+';
export const AGE_BUCKETS: readonly AgeBucket[] = ['current', '1-30', '31-60', '61-90', '90+'];
export function ageBucket(days: number): AgeBucket {
  if (days < 1) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export type ClientRow = ClientSummary & { balance: number };

export type ClientListPage = TablePage<ClientRow> & {
  /** Clients of the kind per tab (search not applied: the badges count the whole book). */
  counts: Record<ClientTab, number>;
};

/**
 * Debtor ageing (beyond the spec): it reads the ledger's entries, which a cold start restores after the
 * balances, so it is its own read and the list never waits for it.
 */
export type ClientAgeing = {
  /** Per asked id that is a debtor: days since the oldest debit not yet covered by later credits (first in, first paid). */
  ages: Record<string, number>;
  /** What all debtors of the kind owe, per age bucket. */
  buckets: Record<AgeBucket, number>;
};

export const CLIENT_EMPTY_TEXT: Record<ClientKind, string> = {
  customer: 'You do not have any customers in your account.',
  supplier: 'You do not have any suppliers yet in your store.',
};

export const clientUpdateFailed = (kind: ClientKind | 'client') => `Error occurred while updating ${kind} information`;

export const CLIENT_CREATE_FAILED = 'Error occured while creating new client';
export const CLIENT_NAME_REQUIRED = 'You must provide the client name';
/** A client's phone is stored in international form (commands/lib/phone.ts); what is no phone number is refused. */
export const CLIENT_PHONE_INVALID = 'This is not a phone number. Type it as 0803 123 4567, or with its country code as +234 803 123 4567.';
export const CLIENT_SEARCH_LIMIT = 20;

export type ClientsCommands = {
  'client-create': (input: ClientInput) => Promise<ClientDoc>;
  /** Name or phone contains the query (case-insensitive); name-prefix hits first; one page of at most `limit`. */
  'client-search': (input: ClientSearchInput) => Promise<ClientSummary[]>;
  /** The client, or null when missing or deleted (screens go to /not-found). */
  'client-get': (input: { id: string }) => Promise<ClientDoc | null>;
  /** Edit info / Edit supplier: any failure reads 'Error occurred while updating {type} information'. */
  'client-update': (input: ClientUpdateInput) => Promise<ClientDoc>;
  /**
   * One page of customers or suppliers with their ledger balances (no document scan): search by name or phone,
   * sort by name (default), phone_number or balance, and the tab counts.
   */
  'client-list': (input: TableQuery & { kind: ClientKind; tab?: ClientTab }) => Promise<ClientListPage>;
  /** Debtor ageing: the ages of the given clients (a list page) and the buckets over every debtor of the kind. */
  'client-ageing': (input: { kind: ClientKind; ids: string[] }) => Promise<ClientAgeing>;
  /** A customer's balance from the ledger, their credit limit and what is left of it (the sale form); null when missing. */
  'client-credit': (input: { id: string }) => Promise<(CreditView & { name: string }) | null>;
};

/** What each read depends on (see commands/reads.ts). */
export const CLIENTS_READS = {
  'client-search': ['customer', 'supplier', ...MONEY_TYPES],
  'client-get': ['customer', 'supplier'],
  'client-list': ['customer', 'supplier', ...MONEY_TYPES],
  'client-ageing': ['customer', 'supplier', ...MONEY_TYPES],
  'client-credit': ['customer', ...MONEY_TYPES],
} as const satisfies Reads<ClientsCommands>;
