import { domain } from '../registry';
import { deleteOrReview } from '../deletion/transaction';
import { getSale, paySale } from './invoice';
import { peekInvoiceNumber } from './invoice-policy';
import { salesList, transportList } from './lists';
import { createSale, SALE_KINDS, updateSale } from './save';

export default domain(
  {
    'sale-create': (input, ctx) => createSale(ctx, input),
    'sale-update': (input, ctx) => updateSale(ctx, input),
    'sale-get': (input, ctx) => getSale(ctx, input.id),
    'sale-pay': (input, ctx) => paySale(ctx, input),
    'sale-delete': (input, ctx) => deleteOrReview(ctx, input, SALE_KINDS),
    'sales-list': (input, ctx) => salesList(ctx, input),
    'transport-list': (input, ctx) => transportList(ctx, input),
    'invoice-next': async (_input, ctx) => ({ invoice_number: await peekInvoiceNumber(ctx) }),
  },
  { writes: ['sale-create', 'sale-update', 'sale-pay', 'sale-delete', 'invoice-next'] },
);
