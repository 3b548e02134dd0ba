/**
 * The command map: the single source of truth for every command's name, input and result.
 * Each domain declares its own map in commands/<domain>.ts; this file only joins them.
 */
import type { BankCommands } from './banks';
import type { ClientsCommands } from './clients';
import type { PaymentsCommands } from './payments';
import type { ConfigCommands } from './config';
import type { CoreCommands } from './core';
import type { LedgerCommands } from './ledger';
import type { SalesCommands } from './sales';
import type { PurchasesCommands } from './purchases';
import type { SessionCommands } from './session';
import type { SmsCommands } from './sms';
import type { InvoiceHeaderCommands } from './invoice-header';
import type { IssueCommands } from './issues';
import type { ReturnCommands } from './returns';
import type { StoreCommands } from './store';
import type { SyncCommands } from './sync';
import type { TableDemoCommands } from './table';
import type { WarehouseCommands } from './warehouses';

export type Commands = CoreCommands &
  LedgerCommands &
  ConfigCommands &
  SessionCommands &
  ClientsCommands &
  PaymentsCommands &
  BankCommands &
  StoreCommands &
  WarehouseCommands &
  ReturnCommands &
  IssueCommands &
  SalesCommands &
  InvoiceHeaderCommands &
  PurchasesCommands &
  SyncCommands &
  SmsCommands &
  TableDemoCommands;

export type CommandName = keyof Commands & string;
export type Args<K extends CommandName> = Parameters<Commands[K]>[0];
export type Result<K extends CommandName> = Awaited<ReturnType<Commands[K]>>;

export type { CommandError, Reply } from './errors';
export type { BackendEvent, ChangedEvent, SyncEvent, SyncState, Unsubscribe } from './events';

/** The backend's surface, identical in the browser worker (through Comlink) and in Node tests. */
export type Backend = {
  dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<import('./errors').Reply<Result<K>>>;
  subscribe(listener: (event: import('./events').BackendEvent) => void): import('./events').Unsubscribe;
};
