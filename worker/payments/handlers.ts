/** Payments, cash adjustments and stock transfers between the business and its clients. */
import { domain } from '../registry';
import { createCashAdjustment, createStockTransfer } from './adjustments';
import { deleteOrReview } from '../deletion/transaction';
import { createPayment, getPayment, PAYMENT_KIND } from './payment';

export default domain(
  {
    'payment-create': (input, ctx) => createPayment(ctx, input),
    'payment-get': (input, ctx) => getPayment(ctx, input.id),
    'payment-delete': (input, ctx) => deleteOrReview(ctx, input, PAYMENT_KIND),
    'cash-adjustment-create': (input, ctx) => createCashAdjustment(ctx, input),
    'stock-transfer-create': (input, ctx) => createStockTransfer(ctx, input),
  },
  { writes: ['payment-create', 'payment-delete', 'cash-adjustment-create', 'stock-transfer-create'] },
);
