/** The business's invoice header as stored now (null when none or unreadable: the PDF then uses the name). */
import type { InvoiceHeader } from '../../commands/invoice-header';
import { dispatch } from '../bus';

export async function invoiceHeaderNow(): Promise<InvoiceHeader | null> {
  const reply = await dispatch('invoice-header-get', {});
  return reply.ok ? reply.value : null;
}
