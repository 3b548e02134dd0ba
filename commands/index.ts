/**
 * The command map: the single source of truth for every command's name, input and result.
 * Each domain declares its own map in commands/<domain>.ts; this file only joins them (and their READS).
 */
import { AUDIT_READS, type AuditCommands } from './audit';
import { STOCKTAKE_READS, type StocktakeCommands } from './stocktake';
import { BANK_READS, type BankCommands } from './banks';
import { CASHBOOK_READS, type CashbookCommands } from './cashbook';
import { CLIENTS_READS, type ClientsCommands } from './clients';
import { CONFIG_READS, type ConfigCommands } from './config';
import { CORE_READS, type CoreCommands } from './core';
import { EXPENSE_READS, type ExpenseCommands } from './expenses';
import type { ExportCommands } from './export';
import { LEDGER_READS, type LedgerCommands } from './ledger';
import { REPORTS_READS, type ReportsCommands } from './reports';
import { SALES_READS, type SalesCommands } from './sales';
import { PARKED_READS, type ParkedCommands } from './parked';
import { SHIFT_READS, type ShiftCommands } from './shifts';
import { PURCHASES_READS, type PurchasesCommands } from './purchases';
import { PAYMENTS_READS, type PaymentsCommands } from './payments';
import type { SessionCommands } from './session';
import { SMS_READS, type SmsCommands } from './sms';
import { INVOICE_HEADER_READS, type InvoiceHeaderCommands } from './invoice-header';
import type { IssueCommands } from './issues';
import type { ReturnCommands } from './returns';
import { ITEMS_READS, type ItemsCommands } from './items';
import type { SyncCommands } from './sync';
import { WAREHOUSE_READS, type WarehouseCommands } from './warehouses';
import { ERROR_CODES } from './error-codes';

/**
 * An interface, not an intersection, so a test fixture can add its test-only commands by declaration merging
 * (tests/e2e/fixtures/table-demo/): they are never part of this production map.
 */
export interface Commands
  extends CoreCommands,
    ExportCommands,
    LedgerCommands,
    ConfigCommands,
    SessionCommands,
    ClientsCommands,
    PaymentsCommands,
    BankCommands,
    CashbookCommands,
    ExpenseCommands,
    ItemsCommands,
    WarehouseCommands,
    ReturnCommands,
    IssueCommands,
    SalesCommands,
    ReportsCommands,
    ParkedCommands,
    ShiftCommands,
    InvoiceHeaderCommands,
    PurchasesCommands,
    SyncCommands,
    SmsCommands,
    AuditCommands,
    StocktakeCommands {}

export type CommandName = keyof Commands & string;

const DOMAIN_READS = {
  ...CORE_READS,
  ...CONFIG_READS,
  ...CLIENTS_READS,
  ...PAYMENTS_READS,
  ...BANK_READS,
  ...CASHBOOK_READS,
  ...EXPENSE_READS,
  ...ITEMS_READS,
  ...WAREHOUSE_READS,
  ...LEDGER_READS,
  ...SALES_READS,
  ...REPORTS_READS,
  ...PARKED_READS,
  ...SHIFT_READS,
  ...INVOICE_HEADER_READS,
  ...PURCHASES_READS,
  ...SMS_READS,
  ...AUDIT_READS,
  ...STOCKTAKE_READS,
} as const;

type DomainReads = typeof DOMAIN_READS;
/** Every live read and the document types its answer depends on (an interface for the same reason as Commands). */
export interface LiveReads extends DomainReads {}
/** Every live read and the document types its answer depends on (each declared beside its command). */
export const READS: LiveReads = DOMAIN_READS;

/** A command useLive may run: one that declared what it reads. */
export type ReadName = keyof LiveReads & CommandName;
export type Args<K extends CommandName> = Parameters<Commands[K]>[0];
export type Result<K extends CommandName> = Awaited<ReturnType<Commands[K]>>;

/** Codes any command may answer: the dispatcher's own (an unknown name, the lock, a full disk, a bug). */
export const COMMON_ERRORS = ['unknown-command', 'locked', 'storage-full', 'internal'] as const;
type DomainErrors = typeof ERROR_CODES;
/** Every command's error codes (commands/error-codes.ts; an interface so a test fixture's command can add its own). */
export interface CommandErrors extends DomainErrors {}
export const ERRORS: CommandErrors = ERROR_CODES;
/** A command without its list of codes does not compile. */
type Unlisted = Exclude<CommandName, keyof CommandErrors>;
const _everyCommandListed: [Unlisted] extends [never] ? true : Unlisted = true;
/** The codes command K may answer: a union per command, so the UI compares only codes its command answers. */
export type ErrorCode<K extends CommandName> = (K extends keyof CommandErrors ? NonNullable<CommandErrors[K]>[number] : never) | (typeof COMMON_ERRORS)[number];

export type { CommandError, Reply } from './errors';
export type { BackendEvent, ChangedEvent, SyncEvent, SyncState, Unsubscribe } from './events';

/** The backend's surface, identical in the browser worker (through Comlink) and in Node tests. */
export type Backend = {
  dispatch<K extends CommandName>(name: K, input: Args<K>): Promise<import('./errors').Reply<Result<K>, ErrorCode<K>>>;
  subscribe(listener: (event: import('./events').BackendEvent) => void): import('./events').Unsubscribe;
};
