/**
 * /shifts/{id}: a shift's Z-report, printable on 58 mm or 80 mm rolls or A4 with the invoice's paper styles
 * (the paper starts at the invoice-size setting when it is one of those). Print has focus: Enter prints.
 */
import { useEffect, useRef, useState } from 'react';
import type { PaperSize } from '../../commands/config';
import { useConfig } from '../config';
import { useLive } from '../live';
import { Link, notFound } from '../router';
import { invoiceWidth } from '../sales/invoice/page-size';
import { PageRule } from '../sales/invoice/PageRule';
import type { ScreenProps } from '../screen';
import { useSession } from '../session';
import { SelectField } from '../ui/fields';
import { ZReport } from './ZReport';

const PAPERS: PaperSize[] = ['58mm', '80mm', 'A4'];

export function ShiftReportScreen({ params }: ScreenProps) {
  const cfg = useConfig();
  const user = useSession();
  const q = useLive('shift-report', { id: params.id });
  const [paper, setPaper] = useState<PaperSize>(PAPERS.includes(cfg.invoiceWidth) ? cfg.invoiceWidth : '80mm');
  const printRef = useRef<HTMLButtonElement>(null);
  const printed = useRef<HTMLElement>(null);
  const loaded = !!q.data;
  useEffect(() => {
    if (q.error?.code === 'not-found') notFound();
  }, [q.error?.code]);
  useEffect(() => {
    if (loaded) printRef.current?.focus();
  }, [loaded]);
  if (!q.data) return <section className="screen">{q.error ? <p role="alert">{q.error.message}</p> : <p>Loading…</p>}</section>;
  return (
    <section className="screen">
      <PageRule size={paper} height="" printed={printed} />
      <div className="screen-actions no-print">
        <Link to="/shifts">Shifts</Link>
        <SelectField label="Paper" value={paper} onChange={(v) => setPaper(v as PaperSize)} options={PAPERS.map((p) => ({ value: p, label: p }))} />
        <button type="button" className="btn btn-primary" ref={printRef} onClick={() => window.print()}>
          Print
        </button>
      </div>
      <article className={`invoice z-report invoice-paper-${paper}`} data-testid="z-report" ref={printed} style={{ width: invoiceWidth(paper) }}>
        <ZReport report={q.data} business={user?.businessName ?? ''} currency={cfg.currency} />
      </article>
    </section>
  );
}
