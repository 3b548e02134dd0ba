/**
 * Turns a sale form's input into the sale document and its sale_item lines, after the spec's validation
 * (document 001 sections 4 and 5). Shared by sale-create and sale-update; writing is the caller's job.
 */
import type { ItemDoc, LineItem, MovementLineDoc, SaleDoc, UserStamp } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { refuseImplausibleDate } from '../plausible-date';
import { childId, fromBase62 } from '../../commands/lib/ids';
import { formatMoney, parseMoney } from '../../commands/lib/money';
import { chargesFor, saleSummary, saleTotals, splitPayment, type SaleTotals } from '../../commands/lib/sale-math';
import { debtMessage, SALE_MESSAGES, saleProblem, saleWarning } from '../../commands/lib/sale-rules';
import { refuseNegative } from '../../commands/rules/money';
import { asKind, MAIN_STORE } from '../../commands/docs';
import type { SaleInput } from '../../commands/sales';
import { findBank } from '../banks/bank-index';
import type { Ctx } from '../context';
import { checkAmount, checkLine, checkPercent } from '../../commands/lib/bounds';
import { checkLimits } from '../limits';
import { baseQuantity, unitCost } from '../../commands/lib/units';
import { lineUnit } from '../items/units';
import { baseCosts } from '../purchases/last-cost';
import { checkCredit, refuseBlocked } from '../clients/credit';
import { levelsFor, priceLevels } from './line-levels';

export type BuiltSale = { sale: SaleDoc; lines: MovementLineDoc[]; warning?: string; totals: SaleTotals };

type Previous = { sale: SaleDoc; lines: MovementLineDoc[] };

/**
 * Sellable balance of each line, in base units: the ledger's stock in the sale's warehouse, plus what an edited
 * sale's old lines took from it (they are being replaced), minus what earlier lines of this sale already take
 * (a carton line and a piece line of one item draw on the same pieces).
 */
async function availability(ctx: Ctx, lines: readonly { id: string; quantity: number; unit_factor?: number }[], warehouse: string, previous?: Previous): Promise<number[]> {
  await ctx.ledger.ready();
  const back = new Map<string, number>();
  for (const old of previous?.lines ?? []) {
    if ((old.to ?? MAIN_STORE) === warehouse) back.set(old.id, (back.get(old.id) ?? 0) + baseQuantity(old));
  }
  const taken = new Map<string, number>();
  return lines.map((line) => {
    const stock = ctx.ledger.stock(line.id, { warehouse }) + (back.get(line.id) ?? 0) - (taken.get(line.id) ?? 0);
    taken.set(line.id, (taken.get(line.id) ?? 0) + baseQuantity({ quantity: Number(line.quantity) || 0, unit_factor: line.unit_factor }));
    return stock;
  });
}

/** The sold items' documents, for their units and their cost. */
async function loadItems(ctx: Ctx, ids: string[]): Promise<Map<string, ItemDoc>> {
  const res = await ctx.db.main.allDocs({ keys: [...new Set(ids)], include_docs: true });
  const items = new Map<string, ItemDoc>();
  for (const row of res.rows) {
    const doc = 'doc' in row ? asKind(row.doc, 'item') : undefined;
    if (doc) items.set(doc._id, doc);
  }
  return items;
}

/** The sale's own charges, before any total is worked out from them. */
function checkCharges(c: ReturnType<typeof chargesFor>): void {
  checkAmount(c.discount.amount ?? 0, 'Discount');
  checkPercent(c.discount.percentage ?? 0, 'Discount percentage');
  if (c.vat) checkPercent(c.vat.percentage, 'VAT percentage');
  if (c.transport) {
    checkAmount(c.transport.total, 'Transport');
    checkAmount(c.transport.paid, 'Transport paid');
  }
}

export async function buildSale(ctx: Ctx, input: SaleInput, user: UserStamp, previous?: Previous): Promise<BuiltSale> {
  const cfg = await ctx.config();
  const customer = previous?.sale.customer ?? input.customer;
  const docs = await loadItems(ctx, input.items.map((l) => l.id));
  const given = input.items.map((l) => {
    const item = docs.get(l.id);
    // The unit the line is sold in, and its factor, come from the stored item (issue 28), never from the form.
    const unit = item ? lineUnit(item, l.unit, 'sale-unit').fields : {};
    // A line sent without a price takes its price level's (or retail): line-levels.ts.
    const price = l.price === undefined || l.price === null || String(l.price).trim() === '' ? undefined : Number(l.price) || 0;
    return { ...l, unit: unit.unit, unit_factor: unit.unit_factor, quantity: Number(l.quantity), price, discount: Number(l.discount) || 0 };
  });
  // Each line records the price level that priced it, and the sale the level in use.
  const pricing = priceLevels(levelsFor(cfg.priceLevels ?? [], previous?.sale.level), input.level, given, docs);
  const items = given.map((l, i) => ({ ...l, price: pricing.lines[i].price }));
  const warehouse = (cfg.useWarehouse && input.from) || previous?.sale.from || MAIN_STORE;
  // Bounds first: 'Rice: Quantity must be below 1,000,000,000' says more than a stock shortage of 5,000,000,000.
  items.forEach(checkLine);
  const base = await availability(ctx, items, warehouse, previous);
  // Checked and reported in the unit being sold: 8.9 cartons are left of 214 pieces (commands/lib/sale-rules.ts).
  const available = base.map((b, i) => b / (items[i].unit_factor ?? 1));
  const problem = saleProblem(customer, items, cfg, (i) => available[i]);
  if (problem) throw new UserError(problem.code, problem.message);

  const c = chargesFor(input, cfg);
  checkCharges(c);
  const totals = saleTotals(items, c);
  // amount_paid is the cash handed over; above the total due it is change, never paid (splitPayment).
  checkAmount(totals.total_due, 'Total due');
  const payment = splitPayment(refuseNegative(checkAmount(Number(input.amount_paid) || 0, 'Amount paid'), 'Amount paid'), totals.total_due);
  const paid = payment.amount_paid;
  const bank = await bankPart(ctx, input.bank, paid);
  if (!cfg.separatePayment && paid < totals.total_due && !input.confirmDebt) {
    // A sale the 'Block' setting refuses is refused before the cashier is asked to confirm its debt.
    const owed = { stores: 'sale', customer, total_due: totals.total_due, amount_paid: paid, vat: { amount: totals.vat } };
    const account = customer.with_account ? customer.account_ref : undefined;
    await refuseBlocked(ctx, { account, next: [owed], previous: previous ? [previous.sale] : [], input, user });
    throw new UserError('debt-unconfirmed', debtMessage(formatMoney(paid, cfg.currency), formatMoney(totals.total_due, cfg.currency)));
  }

  const now = ctx.clock();
  refuseImplausibleDate(input.date, now, 'sale-date', 'Sale date');
  const id = previous?.sale._id ?? ctx.newId('sale');
  const date = Number(input.date) || previous?.sale.date || now;
  const invoice_number = input.invoice_number?.trim() || previous?.sale.invoice_number || '';
  const summary = saleSummary(items.map((l) => l.name));
  // Cost of one of the line's unit: the base unit's (the latest purchase's, worker/purchases/last-cost.ts) × factor.
  const costs = await baseCosts(ctx, [...docs.values()]);
  const lineItems: LineItem[] = items.map((l, i) => ({
    id: l.id,
    name: l.name,
    quantity: l.quantity,
    price: l.price,
    discount: l.discount,
    group: l.group,
    variation: l.variation,
    available: available[i],
    date,
    cost_price: unitCost(costs.get(l.id) ?? 0, l.unit_factor),
    ...(l.unit ? { unit: l.unit } : {}),
    ...(l.unit_factor ? { unit_factor: l.unit_factor } : {}),
    ...(pricing.lines[i].level ? { level: pricing.lines[i].level } : {}),
  }));
  const sale: SaleDoc = {
    ...(previous?.sale ?? {}),
    _id: id,
    stores: 'sale',
    invoice_number,
    date,
    customer,
    items: lineItems,
    discount: { percentage: c.discount.percentage || undefined, amount: totals.discount },
    vat: c.vat ? { amount: totals.vat, percentage: c.vat.percentage, type: c.vat.type, withold: !!c.vat.withold } : undefined,
    transport: c.transport,
    from: warehouse,
    waybill: input.waybill || undefined,
    truck_number: input.truck_number || undefined,
    lpo: input.lpo || undefined,
    bank,
    amount_paid: paid,
    cash_received: payment.cash_received,
    change: payment.change,
    total_due: totals.total_due,
    // In base units (issue 28): a carton of 24 and 5 pieces are 29, as the ledger counts them.
    total_quantity: lineItems.reduce((n, l) => n + baseQuantity(l), 0),
    summary,
    level: pricing.level,
    user: previous?.sale.user ?? user,
  };
  if (!sale.level) delete sale.level;
  // Line ids continue after the old ones on an edit, so a replaced line is a deletion plus a new document.
  const first = previous ? nextSequence(id, previous.lines) : 0;
  const lines: MovementLineDoc[] = lineItems.map((l, i) => ({
    _id: childId(id, first + i),
    stores: 'sale_item',
    ...l,
    to: warehouse,
    factor: -1,
    user,
    // The client's name, as statements show it in Details (earlier lines held the account ref; describe resolves those).
    transaction: { ref: id, client: customer.name, invoice: invoice_number, summary },
  }));
  // Past the customer's credit limit: the owner's setting (worker/clients/credit.ts); an edit keeps an earlier
  // approval unless it needs a new one.
  const approval = await checkCredit(ctx, {
    account: customer.with_account ? customer.account_ref : undefined,
    next: [sale],
    previous: previous ? [previous.sale] : [],
    input,
    user,
  });
  if (approval) sale.credit_approval = approval;
  checkLimits(sale, ...lines);
  return { sale, lines, warning: saleWarning(customer, cfg), totals };
}

/**
 * The part of amount_paid that went into a bank account (the rest is cash; the ledger splits it the same way).
 * The account's name is taken from its document, not from the form. A zero amount records no bank part.
 */
export async function bankPart(ctx: Ctx, input: SaleInput['bank'], paid: number): Promise<SaleDoc['bank']> {
  const amount = checkAmount(parseMoney(input?.amount), 'Bank amount');
  const ref = input?.name?.ref;
  if (!amount) return undefined;
  if (!ref) throw new UserError('bank-required', SALE_MESSAGES.bankRequired);
  if (amount < 0) throw new UserError('bank-amount', SALE_MESSAGES.bankNegative);
  if (amount > paid) throw new UserError('bank-amount', SALE_MESSAGES.bankAbovePaid);
  const bank = await findBank(ctx, ref);
  if (!bank) throw new UserError('bank-unknown', SALE_MESSAGES.bankUnknown);
  return { name: { ref: bank._id, name: bank.name }, amount };
}

/** Above every live line; lines deleted by earlier edits sit below those, so ids are never reused. */
function nextSequence(saleId: string, lines: readonly MovementLineDoc[]): number {
  let max = -1;
  for (const l of lines) max = Math.max(max, fromBase62(l._id.slice(saleId.length + 1)));
  return max + 1;
}
