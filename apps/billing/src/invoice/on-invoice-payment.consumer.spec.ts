import type { PaymentCapturedEvent } from '@platform/contracts';
import { isInvoicePayment } from './on-invoice-payment.consumer';

const capture = (payment: unknown): PaymentCapturedEvent =>
  ({ type: 'payment.captured', data: { payment } }) as unknown as PaymentCapturedEvent;

describe('isInvoicePayment', () => {
  it('takes a capture on an invoice', () => {
    expect(
      isInvoicePayment(capture({ id: 'pay_1', invoice_id: 'inv_1', order_id: 'order_1' })),
    ).toBe(true);
  });

  it('passes by a plain order’s capture and one on no order', () => {
    expect(isInvoicePayment(capture({ id: 'pay_1', invoice_id: null, order_id: 'order_1' }))).toBe(
      false,
    );
    expect(isInvoicePayment(capture({ id: 'pay_1', invoice_id: null, order_id: null }))).toBe(
      false,
    );
  });

  it('keeps a message without a payment, to fail as it always did', () => {
    expect(isInvoicePayment(capture(undefined))).toBe(true);
  });
});
