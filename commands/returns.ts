/**
 * Returns and damaged goods (document 000 section 5): amount = rate × quantity. Customer returns store a
 * positive quantity and a negative amount, supplier returns a negative quantity and a positive amount;
 * damaged goods store a negative quantity. The form sends the quantity as a person types it (positive).
 */
export type ReturnKind = 'customer' | 'supplier' | 'damaged';

export type ReturnInput = {
  kind: ReturnKind;
  item: string;
  quantity: number | string;
  /** Price per unit; defaults to the item's price (customer) or purchase price (supplier). */
  rate?: number | string;
  /** A customer return's SMS goes to phone_number, else to the account's phone on file (smsOnReturn). */
  client?: { name: string; account_ref?: string; phone_number?: string };
  details?: string;
  /** Damaged goods: who took them away. */
  recipient?: string;
  /** Warehouse id; 'store' by default. */
  warehouse?: string;
  /** The unit the quantity is in (a pack unit's name); empty: the base unit (issue 28). */
  unit?: string;
};

export type ReturnSaved = {
  id: string;
  quantity: number;
  amount: number;
  /** Id of the SMS queued to the customer (smsOnReturn). */
  sms?: string;
  /** Why the SMS could not be queued ('SMS units has been exhausted'), shown as a toast. */
  smsNotice?: string;
};

export type ReturnCommands = {
  'return-create': (input: ReturnInput) => Promise<ReturnSaved>;
};
