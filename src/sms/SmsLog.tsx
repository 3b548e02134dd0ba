/**
 * /settings/sms, 'SMS log': every message the business queued, on the shared data table (date, recipient,
 * message, units, status, reason), with the unit balance and the units spent this month from the worker's
 * in-memory SMS book. Reached from Settings (SmsLogLink).
 */
import { useState } from 'react';
import type { SmsLogRow } from '../../commands/sms';
import type { ScreenProps } from '../screen';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';

const STATUS: Record<SmsLogRow['status'], string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

const columns: Column<SmsLogRow>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'date', title: 'Date', kind: 'date' },
  { key: 'recipient', title: 'Recipient' },
  { key: 'message', title: 'Message' },
  { key: 'units', title: 'Units', kind: 'number', total: true },
  { key: 'status', title: 'Status', text: (r) => STATUS[r.status] ?? r.status },
  { key: 'reason', title: 'Reason' },
];

export function SmsLog({ title }: ScreenProps) {
  const [summary, setSummary] = useState<{ balance?: number; spentThisMonth?: number }>({});
  return (
    <section className="screen" data-testid="sms-log">
      <h1>{title}</h1>
      <dl className="totals" data-testid="sms-summary">
        <dt>Unit balance</dt>
        <dd data-testid="sms-balance">{summary.balance ?? ''}</dd>
        <dt>Units spent this month</dt>
        <dd data-testid="sms-spent-month">{summary.spentThisMonth ?? ''}</dd>
      </dl>
      <DataTable
        command="sms-log"
        filters={{}}
        columns={columns}
        rowKey={(r) => r._id}
        emptyText="No SMS has been sent yet"
        title={title}
        defaultSort={{ key: 'date', dir: 'desc' }}
        onPage={(p) => setSummary({ balance: p.summary?.balance, spentThisMonth: p.summary?.spentThisMonth })}
        testId="sms-table"
      />
    </section>
  );
}
