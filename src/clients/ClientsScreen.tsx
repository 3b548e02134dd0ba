/**
 * /customers and /suppliers (document 001 'Customer list', 'Supplier list'): tabs All, Debtors and Creditors
 * (customers also Over limit: above their credit limit) with count badges (by the sign rule: positive = owes the business, negative = the business owes), the shared
 * data table of client-list (search by name or phone), rows linking to the statement, and the action buttons,
 * hidden in read-only mode. Customers also show debtor ageing: each debtor's age and what debtors owe per bucket.
 */
import { useState } from 'react';
import { AGE_BUCKETS, CLIENT_EMPTY_TEXT, type AgeBucket, type ClientKind, type ClientListPage, type ClientRow, type ClientTab } from '../../commands/clients';
import { formatMoney } from '../../commands/lib/money';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';
import { CashAdjustmentDialog } from './CashAdjustmentDialog';
import { ClientDialog } from './ClientDialog';
import { PaymentDialog } from './PaymentDialog';
import { StockTransferDialog } from './StockTransferDialog';
import { statementPath } from './paths';

const TAB_LABEL: Record<ClientTab, string> = { all: 'All', debtors: 'Debtors', creditors: 'Creditors', 'over-limit': 'Over limit' };
/** Customers also have Over limit (issue 28): balances above their credit limit. */
const TABS: Record<ClientKind, readonly ClientTab[]> = { customer: ['all', 'debtors', 'creditors', 'over-limit'], supplier: ['all', 'debtors', 'creditors'] };
const AGE_LABEL: Record<AgeBucket, string> = { current: 'Current', '1-30': '1–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days' };

type Dialog = 'create' | 'edit' | 'payment' | 'adjustment' | 'transfer' | null;

export const ageText = (age: number | undefined) => (age === undefined ? '' : age < 1 ? 'Current' : `${age} day${age === 1 ? '' : 's'}`);

function ClientsScreen({ kind, title }: { kind: ClientKind; title: string }) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const [tab, setTab] = useState<ClientTab>('all');
  const [page, setPage] = useState<ClientListPage | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const money = (n: number) => formatMoney(n, cfg.currency);
  const close = () => setDialog(null);
  // Ageing reads the ledger's entries (restored after the balances on a cold start): its own read, after the page.
  const ids = page?.rows.map((r) => r._id) ?? [];
  const ageing = useLive('client-ageing', { kind, ids }, { enabled: kind === 'customer' && !!page });

  const columns: Column<ClientRow>[] = [
    { key: 'sn', title: 'S/N', kind: 'serial' },
    { key: 'name', title: 'Name', render: (r) => <Link to={statementPath(kind, r._id)}>{r.name}</Link>, text: (r) => r.name },
    { key: 'phone_number', title: 'Phone number' },
    { key: 'balance', title: 'Balance', kind: 'money' },
  ];
  if (kind === 'customer') {
    columns.push({ key: 'age', title: 'Debt age', sortable: false, text: (r) => ageText(ageing.data?.ages[r._id]) });
    columns.push({ key: 'credit_limit', title: 'Credit limit', sortable: false, text: (r) => (r.credit_limit === undefined ? '' : money(r.credit_limit)) });
  }
  columns.push({ key: 'action', title: 'Action', sortable: false, render: (r) => <Link to={statementPath(kind, r._id)}>Statement</Link>, text: () => '' });

  const buttons: [Dialog, string][] =
    kind === 'customer'
      ? [['edit', 'Edit info'], ['adjustment', 'Cash adjustment'], ['create', 'Create'], ['transfer', 'Stock transfer']]
      : [['edit', 'Edit supplier'], ['payment', 'Payments'], ['create', 'Create'], ['adjustment', 'Cash adjustment']];

  return (
    <section className="screen" data-testid={`${kind}-list`}>
      <h1>{title}</h1>
      {!readOnly && (
        <div className="actions" data-testid="client-actions">
          {buttons.map(([d, label]) => (
            <button key={label} type="button" className={`btn ${d === 'create' ? 'btn-primary' : ''}`} onClick={() => setDialog(d)}>
              {label}
            </button>
          ))}
        </div>
      )}
      <div className="store-tabs" role="tablist" aria-label={`${title} by balance`}>
        {TABS[kind].map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} data-testid={`tab-${t}`} onClick={() => setTab(t)}>
            {TAB_LABEL[t]}{' '}
            {t !== 'all' && (
              <span className="badge" data-testid={`badge-${t}`}>
                {page?.counts[t] ?? 0}
              </span>
            )}
          </button>
        ))}
      </div>
      {ageing.data && tab !== 'creditors' && (
        <dl className="ageing" data-testid="ageing">
          {AGE_BUCKETS.map((b) => (
            <div key={b}>
              <dt>{AGE_LABEL[b]}</dt>
              <dd>{money(ageing.data!.buckets[b])}</dd>
            </div>
          ))}
        </dl>
      )}
      <DataTable
        command="client-list"
        filters={{ kind, tab }}
        columns={columns}
        rowLink={(r) => statementPath(kind, r._id)}
        defaultSort={{ key: 'name', dir: 'asc' }}
        emptyText={CLIENT_EMPTY_TEXT[kind]}
        title={title}
        onPage={(p) => setPage(p as ClientListPage)}
        testId="client-table"
      />
      <ClientDialog open={dialog === 'create'} mode="create" kind={kind} onClose={close} />
      <ClientDialog open={dialog === 'edit'} mode="edit" kind={kind} onClose={close} />
      <PaymentDialog open={dialog === 'payment'} kind={kind} onClose={close} />
      <CashAdjustmentDialog open={dialog === 'adjustment'} kind={kind} onClose={close} />
      {kind === 'customer' && <StockTransferDialog open={dialog === 'transfer'} onClose={close} />}
    </section>
  );
}

export const CustomersScreen = ({ title }: ScreenProps) => <ClientsScreen kind="customer" title={title} />;
export const SuppliersScreen = ({ title }: ScreenProps) => <ClientsScreen kind="supplier" title={title} />;

