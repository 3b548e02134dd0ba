/**
 * The share buttons of a customer's or supplier's statement (src/clients/ClientStatement.tsx): the text says the
 * period's balances; the PDF holds every row of the period (`rows` reads them all, as Export CSV does).
 */
import type { StatementRow } from '../../commands/ledger';
import { useConfig } from '../config';
import { useSession } from '../session';
import { invoiceHeaderNow } from './invoice-header-now';
import { statementPdf } from './pdf-specs';
import { ShareButtons } from './ShareButtons';
import { statementShareText, type StatementFigures } from './share-text';

type Props = { phone?: string; figures: StatementFigures; rows: () => Promise<StatementRow[]> };

export function StatementShare({ phone, figures, rows }: Props) {
  const cfg = useConfig();
  const business = useSession()?.businessName ?? '';
  const text = statementShareText(figures, { business, currency: cfg.currency, thanks: cfg.shareThanks });
  const pdf = async () => {
    const [all, header] = await Promise.all([rows(), invoiceHeaderNow()]);
    return statementPdf({ ...figures, phone }, all, { business, currency: cfg.currency, header });
  };
  return <ShareButtons phone={phone} text={text} pdf={pdf} />;
}
