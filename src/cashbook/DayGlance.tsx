/**
 * The day at a glance on the cashbook (issue 19 item 5): today's sales, cash in and out, cash and bank
 * balances, gross profit (for the profits setting's levels; the worker leaves it out otherwise), the best
 * sellers, debtors over 30 days, customers over their credit limit, items low in stock, and the 30-day sales chart. One live read, 'day-glance'.
 */
import { GLANCE_DEBT_DAYS, type DayGlance as Glance } from '../../commands/cashbook';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link } from '../router';
import { SalesChart } from './SalesChart';

function Figure({ label, value, testId, note }: { label: string; value: string; testId: string; note?: string }) {
  return (
    <div className="glance-figure">
      <span className="glance-label">{label}</span>
      <strong data-testid={testId}>{value}</strong>
      {note && <small>{note}</small>}
    </div>
  );
}

function Figures({ g, money }: { g: Glance; money: (n: number) => string }) {
  return (
    <div className="glance-figures">
      <Figure label="Today's sales" value={money(g.sales.total)} testId="glance-sales" note={`${g.sales.count} ${g.sales.count === 1 ? 'sale' : 'sales'}`} />
      {g.cash && <Figure label="Cash in today" value={money(g.cash.in)} testId="glance-cash-in" />}
      {g.cash && <Figure label="Cash out today" value={money(g.cash.out)} testId="glance-cash-out" />}
      <Figure label="Cash balance" value={money(g.balances.cash)} testId="glance-cash" />
      <Figure label="Bank balance" value={money(g.balances.bank)} testId="glance-bank" note={g.balances.banks.map((b) => `${b.name} ${money(b.balance)}`).join(' · ') || undefined} />
      {g.profit !== undefined && <Figure label="Gross profit today" value={money(g.profit)} testId="glance-profit" />}
    </div>
  );
}

export function DayGlance() {
  const cfg = useConfig();
  const q = useLive('day-glance', {});
  const money = (n: number) => formatMoney(n, cfg.currency);
  const g = q.data;
  if (!g) return <section className="day-glance" aria-busy="true" data-testid="day-glance" />;
  return (
    <section className="day-glance" aria-label="The day at a glance" data-testid="day-glance">
      <Figures g={g} money={money} />
      <div className="glance-lists">
        <div className="card">
          <h2>Best sellers today</h2>
          {g.top.length ? (
            <ol data-testid="glance-top">
              {g.top.map((t) => (
                <li key={t.id}>
                  <span>{t.name}</span> <span>× {t.quantity}</span> <strong>{money(t.total)}</strong>
                </li>
              ))}
            </ol>
          ) : (
            <p>No sales yet today.</p>
          )}
        </div>
        <div className="card">
          <h2>Debtors over {GLANCE_DEBT_DAYS} days</h2>
          <p data-testid="glance-debtors">
            {g.debtors.count} {g.debtors.count === 1 ? 'customer owes' : 'customers owe'} {money(g.debtors.amount)}
          </p>
          <p data-testid="glance-over-limit">
            {g.overLimit} {g.overLimit === 1 ? 'customer is' : 'customers are'} over their credit limit
          </p>
          <Link to="/customers">Customers</Link>
        </div>
        <div className="card">
          <h2>
            Low stock <span className="badge" data-testid="glance-low-count">{g.lowStock.count}</span>
          </h2>
          {g.lowStock.items.length ? (
            <ul data-testid="glance-low">
              {g.lowStock.items.map((i) => (
                <li key={i.id}>
                  {i.name}: {i.balance} of {i.level}
                </li>
              ))}
            </ul>
          ) : (
            <p>No item is at or below its reorder level.</p>
          )}
          <Link to="/store">Store</Link>
        </div>
      </div>
      <SalesChart points={g.chart} currency={cfg.currency} />
    </section>
  );
}
