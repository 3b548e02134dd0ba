/**
 * Validates a purchase form and builds the purchase document with its purchase_item lines (document 001
 * section 5, in the spec's order). Pure apart from reading the bought items (one allDocs by key) and config.
 */
import { PURCHASE_MESSAGES as M, type PurchaseInput } from '../../commands/purchases';
import type { LineItem, MovementLineDoc, PurchaseDoc, UserStamp } from '../../commands/docs';
import { MAIN_STORE } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { childId } from '../../commands/lib/ids';
import { expiryBeforePurchase, implausibleDate } from '../../commands/lib/dates';
import { mulMoney, parseMoney, sumMoney } from '../../commands/lib/money';
import { refuseNegative } from '../../commands/rules/money';
import { summaryOf } from '../../commands/lib/summary';
import type { Ctx } from '../context';
import { checkAmount, checkLine } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { baseQuantity, unitCost } from '../../commands/lib/units';
import { lineUnit, loadItems } from '../items/units';

export type BuiltPurchase = { purchase: PurchaseDoc; lines: MovementLineDoc[] };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Throws the first failing rule's UserError; otherwise returns the documents to write (ids already set). */
export async function buildPurchase(ctx: Ctx, input: PurchaseInput, id: string, user: UserStamp): Promise<BuiltPurchase> {
  const config = await ctx.config();
  const items = Array.isArray(input.items) ? input.items : [];
  const supplierName = text(input.supplier?.name);
  if (!supplierName) throw new UserError('purchase-supplier', M.supplier);
  if (!items.length) throw new UserError('purchase-items', M.items);
  if (input.date === undefined || input.date === null || !Number.isFinite(input.date)) throw new UserError('purchase-date', M.date);
  const wrongDate = implausibleDate(input.date, ctx.clock());
  if (wrongDate) throw new UserError('purchase-date', `Purchase date ${wrongDate}`);

  const stored = await loadItems(ctx, items.map((l) => l.id));
  const lines = items.map((l) => {
    const item = stored.get(l.id);
    // Bought in any unit (issue 28): the factor is the stored item's; an empty price is the item's cost per
    // base unit × the factor (a carton of 24 at ₦175 a piece: ₦4,200).
    const unit = item ? lineUnit(item, l.unit, 'purchase-unit').fields : {};
    const explicit = l.price !== undefined && l.price !== null && String(l.price).trim() !== '';
    const price = explicit ? parseMoney(l.price) : unitCost(item?.purchasePrice ?? 0, unit.unit_factor);
    const quantity = parseMoney(l.quantity);
    return { input: l, item, unit, name: text(l.name) || item?.name || '', price, quantity };
  });
  lines.forEach(checkLine);
  const total_due = sumMoney(lines.map((l) => mulMoney(l.price, l.quantity)));
  const amount_paid = refuseNegative(checkAmount(parseMoney(input.amount_paid), 'Amount paid'), 'Amount paid');
  if (amount_paid > total_due) throw new UserError('purchase-overpaid', M.overpaid);
  const invoice_number = text(input.invoice_number);
  if (!invoice_number) throw new UserError('purchase-invoice', M.invoice);
  for (const l of lines) if (!l.item || !l.name) throw new UserError('purchase-item', M.itemName);
  // The spec's minimum quantity is 1 (section 5 'Other inputs'); its purchase rules have no text for it.
  for (const l of lines) if (!(l.quantity > 0)) throw new UserError('purchase-quantity', `You cannot buy less than one of ${l.name}`);
  if (config.trackExpiry) {
    for (const l of lines) {
      const expiry = l.input.expiry_date;
      if (!expiry || !Number.isFinite(expiry)) continue;
      const wrong = implausibleDate(expiry, ctx.clock());
      if (wrong) throw new UserError('purchase-expiry', `Expiry date of ${l.name}: ${wrong}`);
      const early = expiryBeforePurchase(expiry, input.date, l.name);
      if (early) throw new UserError('purchase-expiry', early);
    }
  }
  if (amount_paid < total_due && !input.acceptDebt) throw new UserError('purchase-debt', M.debtDeclined);

  const to = (config.useWarehouse && text(input.to)) || MAIN_STORE;
  const summary = summaryOf('Purchase', [...new Set(lines.map((l) => l.name))]);
  const date = input.date;
  const lineItems: LineItem[] = lines.map((l) => {
    const line: LineItem = { id: l.item!._id, name: l.name, quantity: l.quantity, price: l.price, ...l.unit };
    const group = l.item!.group?.name ?? l.input.group;
    if (group) line.group = group;
    const variation = l.item!.variation ?? l.input.variation;
    if (variation && Object.keys(variation).length) line.variation = variation;
    if (config.trackExpiry && l.input.expiry_date && Number.isFinite(l.input.expiry_date)) line.expiry_date = l.input.expiry_date;
    return line;
  });

  const supplier: PurchaseDoc['supplier'] = { name: supplierName, with_account: !!text(input.supplier.account_ref) };
  if (text(input.supplier.phone_number)) supplier.phone_number = text(input.supplier.phone_number);
  if (supplier.with_account) supplier.account_ref = text(input.supplier.account_ref);

  const purchase: PurchaseDoc = {
    _id: id,
    stores: 'purchase',
    supplier,
    items: lineItems,
    to,
    amount_paid,
    total_due,
    // In base units (issue 28): 10 cartons of 24 are 240, as the ledger counts them.
    total_quantity: sumMoney(lineItems.map((l) => baseQuantity(l))),
    invoice_number,
    date,
    summary,
    user,
  };
  const shows = (placement: string) => placement === 'purchases' || placement === 'both';
  if (shows(config.truckNumber) && text(input.truck_number)) purchase.truck_number = text(input.truck_number);
  if (shows(config.waybill) && text(input.waybill)) purchase.waybill = text(input.waybill);
  if (config.trackTransport && input.transport) purchase.transport = input.transport;
  const customFields: Record<string, string> = {};
  for (const field of config.customPurchaseFields) {
    const value = text(input.customFields?.[field]);
    if (value) customFields[field] = value;
  }
  if (Object.keys(customFields).length) purchase.customFields = customFields;

  const transaction = { ref: id, client: supplierName, invoice: invoice_number, summary };
  const docs: MovementLineDoc[] = lineItems.map((line, i) => ({
    ...line,
    _id: childId(id, i),
    stores: 'purchase_item',
    to,
    date,
    user,
    transaction,
  }));
  checkLimits(purchase, ...docs);
  return { purchase, lines: docs };
}
