/** The share buttons of a customer's or supplier's statement (src/clients/ClientStatement.tsx). */
import { useConfig } from '../config';
import { useSession } from '../session';
import { ShareButtons } from './ShareButtons';
import { statementShareText, type StatementFigures } from './share-text';

export function StatementShare({ phone, figures }: { phone?: string; figures: StatementFigures }) {
  const cfg = useConfig();
  const user = useSession();
  const text = statementShareText(figures, { business: user?.businessName ?? '', currency: cfg.currency, thanks: cfg.shareThanks });
  return <ShareButtons phone={phone} text={text} />;
}
