/**
 * Document shapes of money and accounts (document 000 section 3): banks, customers and suppliers, payments,
 * cash adjustments, stock transfers between clients, expenses. Re-exported by ./docs.ts, where every kind is
 * gathered into MainDoc.
 */
import type { BaseDoc, Ref } from './base-doc';
import type { CreditApprovalStamp } from './credit-docs';

export type BankDoc = BaseDoc & { stores: 'bank'; name: string; account_name: string; account_number: string; balance?: number };

export type ClientRef = { name: string; account_ref: string; phone_number?: string };

export type PaymentDoc = BaseDoc & {
  stores: 'payment';
  client?: ClientRef;
  by?: string;
  /** -1 money received (customer default), +1 money sent. */
  factor: 1 | -1;
  amount: number;
  medium: { ref: string; name: string } | 'Start balance' | 'cash';
  teller_number?: string;
  details?: string;
  exclude?: boolean;
};

export type CashAdjustmentDoc = BaseDoc & {
  stores: 'cash-adjustment';
  client: ClientRef;
  factor: 1 | -1;
  amount: number;
  details?: string;
  /** A manager approved taking the client past their credit limit (commands/lib/credit-limit.ts). */
  credit_approval?: CreditApprovalStamp;
};

export type StockTransferDoc = BaseDoc & {
  stores: 'stock-transfer';
  sender: ClientRef;
  recipient: ClientRef;
  item: Ref;
  quantity: number;
  send_price: number;
  receive_price: number;
  details?: string;
  /** A manager approved taking the recipient past their credit limit (commands/lib/credit-limit.ts). */
  credit_approval?: CreditApprovalStamp;
};

export type ExpenseDoc = BaseDoc & {
  stores: 'expense';
  amount: number;
  source: { ref: string; name: string } | 'cash';
  /** Shown as Purpose. */
  description: string;
  /** Beyond the spec: one of the configured expense categories. */
  category?: string;
};

export type ClientDoc = BaseDoc & {
  stores: 'customer' | 'supplier';
  name: string;
  phone_number?: string;
  discount?: number;
  address?: string;
  remarks?: string;
  /** Customers: the most they may owe (major units, 0 or more); absent = no limit (commands/lib/credit-limit.ts). */
  credit_limit?: number;
  /** The price level (id) a sale to this customer starts with (customers only). */
  defaultLevel?: string;
};
