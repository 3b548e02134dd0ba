/**
 * One small shop's money over a week of March 2026 (Sunday 1 to Saturday 7), built through the commands where
 * they exist and written directly where another issue owns the command (sales, supplier payments). Hand-computed:
 *   GTB    Mar 1 start +1000 · Mar 2 sale's bank part +200 · Mar 4 expense −35.50            = 1164.50
 *   Access Mar 1 start −200 · Mar 3 supplier payment sent −50                                = −250
 *   Cash   Mar 2 sale's cash part +300 · Mar 5 expense −20 · Mar 6 purchase −100 ·
 *          Mar 6 rent expense −100 (deleted: never counts) · Mar 7 customer payment +40      = 220
 */
import { CASH_ACCOUNT } from '../../commands/ledger';
import { fixedClock, makeBackend, ok } from './helpers';
import { march } from './ledger-fixtures';
import { untyped } from '../../worker/db';

export async function moneyWeek(config: Record<string, unknown> = {}) {
  const clock = fixedClock(march(1, 9));
  const b = await makeBackend({ clock });
  ok(await b.dispatch('config-set', { deletePolicy: 'all', ...config } as never));
  const gtb = ok(await b.dispatch('bank-create', { name: 'GTB', account_name: 'Ada Stores', account_number: '0123456789', balance: 1000 })).id;
  const access = ok(await b.dispatch('bank-create', { name: 'Access', account_number: '555', balance: -200 })).id;
  const gtbRef = { ref: gtb, name: 'GTB' };
  await untyped(b.ctx.db.main).bulkDocs([
    {
      _id: '2sale1',
      stores: 'sale',
      customer: { with_account: false, name: 'Walk-in' },
      items: [],
      total_due: 500,
      amount_paid: 500,
      bank: { name: gtbRef, amount: 200 },
      summary: 'Sale of beans',
      invoice_number: 'A0001',
      date: march(2, 11),
    },
    {
      _id: '5supplier1',
      stores: 'payment',
      client: { name: 'Alaba Traders', account_ref: '4sup' },
      factor: 1,
      amount: 50,
      medium: { ref: access, name: 'Access' },
      teller_number: 'TLR-9',
      date: march(3, 12),
    },
    { _id: '3pur1', stores: 'purchase', supplier: { name: 'Walk-in Supplier' }, items: [], total_due: 100, amount_paid: 100, summary: 'Purchase of salt', invoice_number: 'P-1', date: march(6, 9) },
    { _id: '5cust1', stores: 'payment', client: { name: 'Bola', account_ref: '4bola' }, factor: -1, amount: 40, medium: 'cash', date: march(7, 15) },
  ]);
  clock.set(march(4, 10));
  const fuel = ok(await b.dispatch('expense-create', { amount: '35.50', source: gtb, description: 'Fuel', category: 'Transport' })).id;
  clock.set(march(5, 10));
  const lunch = ok(await b.dispatch('expense-create', { amount: 20, source: CASH_ACCOUNT, description: 'Lunch' })).id;
  clock.set(march(6, 10));
  const rent = ok(await b.dispatch('expense-create', { amount: 100, source: CASH_ACCOUNT, description: 'Shop rent', category: 'Rent' })).id;
  await b.settled();
  const cashWithRent = b.ctx.ledger.bank(CASH_ACCOUNT);
  ok(await b.dispatch('expense-delete', { id: rent }));
  clock.set(march(7, 18));
  await b.settled();
  return { b, clock, gtb, access, fuel, lunch, rent, cashWithRent };
}
