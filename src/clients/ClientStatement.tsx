/**
 * /customer/{id} and /supplier/{id} (document 001 'Statements'): the client's account on the shared data table
 * with the date range (Today, This week, This month; the range rule and accumulate are the worker's), opening and
 * closing balance, colour coding, print of all rows; rows link to their source. Payment, Cash adjustment and
 * Edit are hidden in read-only mode. Export CSV and Share hand the statement to the customer. A missing client
 * goes to /not-found. The route's client=supplier selects the supplier view of payment rows.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ClientKind } from '../../commands/clients';
import type { ClientDoc } from '../../commands/docs';
import { quickRange, type DateRange } from '../../commands/lib/dates';
import type { StatementRow } from '../../commands/ledger';
import { formatMoney } from '../../commands/lib/money';
import { dispatch } from '../bus';
import { useConfig } from '../config';
import { Link, notFound, useRoute } from '../router';
import type { ScreenProps } from '../screen';
import { useReadOnly } from '../session';
import type { Column } from '../table/columns';
import { approvalNote, detailsWithApproval } from '../../commands/lib/credit-limit';
import { CreditLine } from './CreditLine';
import { DataTable } from '../table/DataTable';
import { fetchAllRows } from '../table/source';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { StatementShare } from '../share/StatementShare';
import { toast } from '../ui/dialogs';
import { downloadText } from '../ui/download';
import { CashAdjustmentDialog } from './CashAdjustmentDialog';
import { ClientDialog } from './ClientDialog';
import { PaymentDialog } from './PaymentDialog';
import { receiptPath } from './paths';
import { canShareFiles, shareText, statementCsv, statementFileName } from './statement-export';

/** The page a statement row comes from, if it has one. */
export function sourcePath(row: StatementRow): string | undefined {
  switch (row.stores) {
    case 'payment':
      return receiptPath(row.id);
    case 'sale':
      return `/sales/invoice/${row.id}`;
    case 'purchase':
      return `/purchase/invoice/${row.id}`;
    default:
      return undefined;
  }
}

type Dialog = 'payment' | 'adjustment' | 'edit' | null;

function ClientStatement({ id, kind }: { id: string; kind: ClientKind }) {
  const cfg = useConfig();
  const readOnly = useReadOnly();
  const { query } = useRoute();
  const view: ClientKind = query.get('client') === 'supplier' ? 'supplier' : 'customer';
  const [client, setClient] = useState<ClientDoc | null>(null);
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [ends, setEnds] = useState<{ opening: number; closing: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState('');
  const money = (n: number) => formatMoney(n, cfg.currency);

  const load = () =>
    dispatch('client-get', { id }).then((reply) => {
      if (!reply.ok || !reply.value || reply.value.stores !== kind) return notFound();
      setClient(reply.value);
    });
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, kind]);

  const columns = useMemo<Column<StatementRow>[]>(() => {
    const cols: Column<StatementRow>[] = [
      { key: 'sn', title: 'S/N', kind: 'serial', sortable: false },
      { key: 'date', title: 'Date', kind: 'date', sortable: false },
      { key: 'description', title: 'Description', sortable: false },
      {
        key: 'details',
        title: 'Details',
        sortable: false,
        // A manager's approval past the credit limit (issue 28) under the row's details, printed and exported too.
        render: (r) => (
          <>
            {r.details}
            {r.approval && (
              <span className="approval-note" data-testid="approval-note">
                {approvalNote(r.approval, cfg.currency)}
              </span>
            )}
          </>
        ),
        text: (r) => detailsWithApproval(r, cfg.currency),
      },
      {
        key: 'invoice',
        title: 'Invoice/Teller number',
        sortable: false,
        render: (r) => {
          const to = sourcePath(r);
          const label = r.invoice || (to ? 'View' : '');
          return to ? <Link to={to}>{label}</Link> : label;
        },
        text: (r) => r.invoice ?? '',
      },
      // A row is either a debit or a credit: the other cell stays blank rather than ₦0.00.
      { key: 'debit', title: 'Debit', kind: 'money', tone: 'debit', sortable: false, total: true, value: (r) => r.debit || undefined },
      { key: 'credit', title: 'Credit', kind: 'money', tone: 'credit', sortable: false, total: true, value: (r) => r.credit || undefined },
      { key: 'balance', title: 'Balance', kind: 'money', sortable: false },
    ];
    if (cfg.showActor) cols.splice(5, 0, { key: 'user', title: 'User', sortable: false });
    return cols;
  }, [cfg.showActor, cfg.currency]);

  if (!client) return <section className="screen" aria-busy="true" />;
  const title = `Statement of ${client.name}`;
  const filters = { account: id, view };

  const exportRows = async (share: boolean) => {
    setBusy(share ? 'Preparing to share…' : 'Preparing export…');
    try {
      const rows = await fetchAllRows('client-statement', filters, { range });
      const text = statementCsv({ client: client.name, from: range.from, to: range.to, opening: ends?.opening ?? 0, closing: ends?.closing ?? 0 }, rows);
      if (share) await shareText(statementFileName(client.name), text, title);
      else downloadText(statementFileName(client.name), text);
    } catch (e) {
      toast(e instanceof Error ? e.message : 'The statement could not be exported');
    } finally {
      setBusy('');
    }
  };

  const chosen = { _id: client._id, name: client.name, ...(client.phone_number ? { phone_number: client.phone_number } : {}) };
  return (
    <section className="screen" data-testid="client-statement">
      <h1 data-testid="statement-title">{title}</h1>
      {client.phone_number && <p>{client.phone_number}</p>}
      {kind === 'customer' && <CreditLine id={client._id} />}
      <div className="store-toolbar">
        <DateRangeButton value={range} onChange={setRange} />
        {!readOnly && (
          <span className="actions" data-testid="statement-actions">
            <button type="button" className="btn btn-primary" onClick={() => setDialog('payment')}>
              Payment
            </button>
            <button type="button" className="btn" onClick={() => setDialog('adjustment')}>
              Cash adjustment
            </button>
            <button type="button" className="btn" onClick={() => setDialog('edit')}>
              {kind === 'customer' ? 'Edit info' : 'Edit supplier'}
            </button>
          </span>
        )}
        <button type="button" className="btn" onClick={() => void exportRows(false)} disabled={!!busy}>
          Export CSV
        </button>
        {canShareFiles() && (
          <button type="button" className="btn" onClick={() => void exportRows(true)} disabled={!!busy}>
            Share
          </button>
        )}
        {ends && (
          <StatementShare
            phone={client.phone_number}
            figures={{ client: client.name, from: range.from, to: range.to, opening: ends.opening, closing: ends.closing }}
            rows={() => fetchAllRows('client-statement', filters, { range })}
          />
        )}
        {busy && <span role="status">{busy}</span>}
      </div>
      {ends && (
        <p data-testid="statement-ends">
          Opening balance: {money(ends.opening)} · Closing balance: {money(ends.closing)}
        </p>
      )}
      <DataTable
        command="client-statement"
        filters={filters}
        range={range}
        columns={columns}
        title={title}
        colorCode={cfg.colorCode}
        rowKey={(r) => r.id}
        rowLink={sourcePath}
        emptyText="No entries in this period"
        onPage={(p) => {
          const s = p as typeof p & { opening: number; closing: number };
          setEnds({ opening: s.opening, closing: s.closing });
        }}
        testId="statement-table"
      />
      <PaymentDialog open={dialog === 'payment'} kind={kind} client={chosen} onClose={() => setDialog(null)} />
      <CashAdjustmentDialog open={dialog === 'adjustment'} kind={kind} client={chosen} onClose={() => setDialog(null)} />
      <ClientDialog
        open={dialog === 'edit'}
        mode="edit"
        kind={kind}
        client={chosen}
        onClose={() => setDialog(null)}
        onDone={() => void load()}
      />
    </section>
  );
}

export const CustomerStatement = ({ params }: ScreenProps) => <ClientStatement id={params.id ?? ''} kind="customer" />;
export const SupplierStatement = ({ params }: ScreenProps) => <ClientStatement id={params.id ?? ''} kind="supplier" />;
