/** Sales: the sale form and quick sale, invoices, payment on an invoice, the lists, deletion. */
import type { LineItem, SaleDoc, Transport } from './docs';
import type { DeleteInput, DeleteResult } from './lib/deletion';
import type { Millis } from './lib/dates';
import type { TablePage, TableQuery } from './table';
import type { Reads } from './reads';
import type { CreditInput } from './lib/credit-limit';

/** A sale line as the form sends it (LineItem's fields; the discount is an amount off the whole line). */
export type SaleLineInput = Pick<LineItem, 'id' | 'name' | 'quantity' | 'discount' | 'group' | 'variation'> & {
  /** The unit sold (a pack unit's name, or the base unit's); empty: the base unit. The factor is the item's. */
  unit?: string;
  /** Absent or empty: the price of the sale's level for this quantity (commands/lib/price-levels.ts), else retail. */
  price?: number | string;
};

export type SaleCustomerInput = SaleDoc['customer'];

export type SaleInput = {
  customer: SaleCustomerInput;
  items: SaleLineInput[];
  /** The price level in use (a level id of the priceLevels setting; absent or empty: retail). */
  level?: string;
  discount?: { percentage?: number; amount?: number };
  /** Only read when the useVat setting is on. */
  vat?: { percentage: number; type: 'inclusive' | 'exclusive'; withold: boolean };
  transport?: Transport;
  /** Warehouse the goods leave from ('store' = Main store). */
  from?: string;
  waybill?: string;
  truck_number?: string;
  lpo?: string;
  bank?: { name: { ref: string; name: string }; amount: number };
  amount_paid: number;
  /** Empty: generated from this device's invoice policy. */
  invoice_number?: string;
  /** Empty: now. */
  date?: Millis;
  /** The person answered 'Yes, make debt!' to the 'Debt alert!' (code 'debt-unconfirmed' otherwise). */
  confirmDebt?: boolean;
} & CreditInput;

export type SaleSaved = {
  id: string;
  invoice_number: string;
  /** The non-blocking SMS phone warning, when it applies. */
  warning?: string;
  /** Where the form goes next (salesRedirect): the invoice or the list. */
  redirect: string;
  /** Id of the SMS queued to the customer after the sale (SMS settings on and a phone number given). */
  sms?: string;
  /** Why the SMS could not be queued ('SMS units has been exhausted'), shown as a toast. */
  smsNotice?: string;
};

export type SaleUpdateInput = Omit<SaleInput, 'customer'> & { id: string };

/** One row of the 'Sold' list: one sold line. Profit fields only for the profitVisibility levels. */
export type SoldRow = {
  _id: string;
  sale: string;
  invoice_number: string;
  date: Millis;
  customer: string;
  phone_number: string;
  description: string;
  quantity: number;
  /** A line in a pack unit (issue 28): its quantity in base units, which the summary's items count. */
  base_quantity?: number;
  price: number;
  total: number;
  truck_number?: string;
  user?: string;
  cost_price?: number;
  margin?: number;
  profit?: number;
};

export type TransportRow = {
  _id: string;
  kind: 'sale' | 'purchase';
  invoice_number: string;
  date: Millis;
  transaction: string;
  client: string;
  advanced: number;
  advancePayer: string;
  balance: number;
  balancePayer: string;
  total: number;
};

/** What the invoice page needs beyond the sale itself: which actions to offer. */
export type SaleView = {
  sale: SaleDoc;
  canPay: boolean;
  canEdit: boolean;
  /** 'delete' directly, 'mark' for review, 'deny' (button hidden). */
  deleteMode: 'delete' | 'mark' | 'deny';
  /** The acting user may accept or reject a pending deletion. */
  canReview: boolean;
};

export type SalesCommands = {
  'sale-create': (input: SaleInput) => Promise<SaleSaved>;
  'sale-update': (input: SaleUpdateInput) => Promise<SaleSaved>;
  'sale-get': (input: { id: string }) => Promise<SaleView>;
  /** Payment on an invoice (amount paid zero and separatePayment on): sets amount_paid. */
  'sale-pay': (input: { id: string; amount: number; bank?: SaleInput['bank'] }) => Promise<{ message: 'Successful' }>;
  /** Delete, or mark delete_pending under review; on a pending sale `accept` deletes and `reject` clears it. */
  'sale-delete': (input: DeleteInput) => Promise<DeleteResult>;
  'sales-list': (input: TableQuery) => Promise<TablePage<SoldRow> & { profitVisible: boolean }>;
  'transport-list': (input: TableQuery) => Promise<TablePage<TransportRow>>;
  /** The number the next sale on this device will get (shown in the form's summary card). */
  'invoice-next': (input: Record<string, never>) => Promise<{ invoice_number: string }>;
};

/** What each read depends on (see commands/reads.ts). */
export const SALES_READS = {
  'sale-get': ['sale', 'sale_item', 'config'],
  'sales-list': ['sale', 'sale_item', 'config'],
  'transport-list': ['sale', 'purchase'],
  'invoice-next': ['invoice-policy'],
} as const satisfies Reads<SalesCommands>;
