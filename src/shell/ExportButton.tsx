/**
 * The owner's "Export data" button in the top bar: asks the worker for every document of the business
 * (business-export) and downloads it as oja-{business}-{YYYY-MM-DD}.json. Other levels never see it.
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { exportFileName } from '../../commands/export';
import { dispatch } from '../bus';
import { useSession } from '../session';
import { downloadText } from '../ui/download';
import { toast } from '../ui/dialogs';

export function ExportButton() {
  const user = useSession();
  const [busy, setBusy] = useState(false);
  if (!user || user.level !== 0) return null;
  const run = async () => {
    setBusy(true);
    try {
      const reply = await dispatch('business-export', {});
      if (!reply.ok) return toast(reply.error.message);
      downloadText(exportFileName(user.business, dayjs(reply.value.exported).format('YYYY-MM-DD')), JSON.stringify(reply.value), 'application/json');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid="export-button"
      disabled={busy}
      onClick={() => void run()}
      title="Download every document of this business, as this device holds it, in one JSON file"
    >
      {busy ? 'Exporting…' : 'Export data'}
    </button>
  );
}
