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
  client?: { name: string; account_ref?: string };
  details?: string;
  /** Damaged goods: who took them away. */
  recipient?: string;
  /** Warehouse id; 'store' by default. */
  warehouse?: string;
};

export type ReturnCommands = {
  'return-create': (input: ReturnInput) => Promise<{ id: string; quantity: number; amount: number }>;
};
