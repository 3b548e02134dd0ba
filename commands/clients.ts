/** Customers and suppliers (document 001 sections 3 and 5): create, search, get. Used by sales, purchases, payments. */
import type { ClientDoc } from './docs';

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
  /**
   * Start balance (money text or number). Non-zero creates an excluded payment entry with the absolute amount,
   * factor -1 when negative (customer: positive = owes the business; supplier: negative = the business owes).
   */
  balance?: number | string;
};

/** One search hit: enough to fill a form's client block. */
export type ClientSummary = { _id: string; kind: ClientKind; name: string; phone_number?: string; discount?: number; address?: string };

export type ClientSearchInput = { kind: ClientKind; query: string; limit?: number };

export const CLIENT_CREATE_FAILED = 'Error occured while creating new client';
export const CLIENT_NAME_REQUIRED = 'You must provide the client name';
export const CLIENT_SEARCH_LIMIT = 20;

export type ClientsCommands = {
  'client-create': (input: ClientInput) => Promise<ClientDoc>;
  /** Name or phone contains the query (case-insensitive); name-prefix hits first; one page of at most `limit`. */
  'client-search': (input: ClientSearchInput) => Promise<ClientSummary[]>;
  /** The client, or null when missing or deleted (screens go to /not-found). */
  'client-get': (input: { id: string }) => Promise<ClientDoc | null>;
};
