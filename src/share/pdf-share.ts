/**
 * Share PDF's one way into the pdf chunk: makes the file, hands it to the operating system's share sheet where
 * the browser can share files (Web Share API Level 2: navigator.canShare({ files })), else downloads it.
 * Answers which happened. A person closing the share sheet is no error.
 */
import { makePdf } from './pdf-file';
import type { PdfSpec } from './pdf-spec';

export async function sharePdf(spec: PdfSpec): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const file = new File([makePdf(spec)], spec.fileName, { type: 'application/pdf' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: spec.title });
      return 'shared';
    } catch (e) {
      if ((e as { name?: string }).name === 'AbortError') return 'cancelled';
      throw e;
    }
  }
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = spec.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
