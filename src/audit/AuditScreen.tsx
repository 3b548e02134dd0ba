/**
 * /audit (the owner's, from Settings): the audit log. Filters: a date range (default this month), a person (those
 * with an entry in the range) and a kind of entry; the table's own search looks through the details. Print gives
 * every matching row landscape, Export CSV the same rows (the shared data table's print and CSV).
 */
import { useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_MESSAGES, type AuditAction, type AuditPage, type AuditRow } from '../../commands/audit';
import { formatDateTime, quickRange, type DateRange } from '../../commands/lib/dates';
import type { ScreenProps } from '../screen';
import type { Column } from '../table/columns';
import { DataTable } from '../table/DataTable';
import { DateRangeButton } from '../ui/DateRangeDialog';
import { SelectField } from '../ui/fields';

const KIND_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }));

const columns: Column<AuditRow>[] = [
  { key: 'sn', title: 'S/N', kind: 'serial' },
  { key: 'date', title: 'When', value: (r) => r.date, text: (r) => formatDateTime(r.date) },
  { key: 'person', title: 'Who' },
  // Not keyed 'action': the table takes a column of that name for a link and leaves it out of the CSV.
  { key: 'entry', sortKey: 'action', title: 'Kind', value: (r) => r.action, text: (r) => AUDIT_ACTION_LABELS[r.action] ?? r.action },
  { key: 'target', title: 'On' },
  { key: 'detail', title: 'Before → after', sortable: false, render: (r) => <Changes row={r} />, text: (r) => r.detail },
  { key: 'device', title: 'Device' },
];

function Changes({ row }: { row: AuditRow }) {
  return (
    <ul className="audit-changes" style={{ margin: 0, paddingLeft: '1rem' }}>
      {row.changes.map((c, i) => (
        <li key={i}>
          <b>{c.field}</b>: {c.before || '—'} → {c.after || '—'}
        </li>
      ))}
    </ul>
  );
}

export function AuditScreen({ title }: ScreenProps) {
  const [range, setRange] = useState<DateRange>(() => quickRange('month', Date.now()));
  const [person, setPerson] = useState('');
  const [action, setAction] = useState('');
  const [people, setPeople] = useState<AuditPage['people']>([]);
  const filters = { ...(person ? { person } : {}), ...(action ? { action: action as AuditAction } : {}) };
  // The person chosen stays a choice even when the range holds none of their entries.
  const personOptions = people.map((p) => ({ value: p.username, label: p.fullname || p.username }));
  if (person && !personOptions.some((o) => o.value === person)) personOptions.push({ value: person, label: person });

  return (
    <section className="screen" data-testid="audit-screen">
      <h1>{title}</h1>
      <div className="screen-actions audit-filters" style={{ alignItems: 'flex-end' }}>
        <DateRangeButton value={range} onChange={setRange} />
        <SelectField label="Person" name="audit-person" value={person} onChange={setPerson} options={personOptions} placeholder="Everyone" />
        <SelectField label="Kind" name="audit-kind" value={action} onChange={setAction} options={KIND_OPTIONS} placeholder="Every kind" />
      </div>
      <DataTable
        command="audit-list"
        filters={filters}
        range={range}
        columns={columns}
        title={title}
        emptyText={AUDIT_MESSAGES.empty}
        defaultSort={{ key: 'date', dir: 'desc' }}
        csvName="audit-log.csv"
        onPage={(p) => setPeople((p as AuditPage).people)}
        testId="audit-table"
      />
    </section>
  );
}
