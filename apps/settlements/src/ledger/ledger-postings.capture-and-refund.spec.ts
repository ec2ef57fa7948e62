import { NOW, cardPayment } from '../posting/posting.fixtures';
import { balancesAfter, postingsOf } from './ledger.fixtures';

/** Scenario: a ₹500 card payment is captured (fee ₹11.80 with ₹1.80 GST), then ₹100 of it is refunded. */
describe('ledger: a captured payment and a partial refund', () => {
  const capture = postingsOf(
    {
      type: 'CapturePosted',
      data: {
        paymentId: 'pay_1',
        currency: 'INR',
        amount: 50000,
        fee: 1180,
        tax: 180,
        capturedAt: NOW,
        payment: cardPayment(),
      },
    },
    'pay_1',
  );
  const refund = postingsOf(
    {
      type: 'RefundPosted',
      data: {
        refundId: 'rfnd_1',
        paymentId: 'pay_1',
        currency: 'INR',
        amount: 10000,
        createdAt: NOW,
        notes: { why: 'size' },
        payment: cardPayment(),
      },
    },
    'rfnd_1',
  );

  it('credits the merchant the amount less the fee, the fee without GST to fees and the GST to tax', () => {
    expect(capture).toHaveLength(1);
    expect(capture[0].legs).toEqual([
      { account: 'captured', debit: 50000, credit: 0 },
      { account: 'balance', debit: 0, credit: 48820 },
      { account: 'fees', debit: 0, credit: 1000 },
      { account: 'tax', debit: 0, credit: 180 },
    ]);
    expect(capture[0]).toMatchObject({
      id: 'pay_1',
      kind: 'capture',
      line: true,
      recon: {
        type: 'payment',
        amount: 50000,
        fee: 1180,
        tax: 180,
        paymentId: null,
        orderReceipt: 'rcpt-1',
        method: 'card',
        cardNetwork: 'Visa',
        cardIssuer: 'HDFC',
        cardType: 'credit',
      },
    });
  });

  it('takes the refund from the balance', () => {
    expect(refund[0].legs).toEqual([
      { account: 'balance', debit: 10000, credit: 0 },
      { account: 'refunds', debit: 0, credit: 10000 },
    ]);
    expect(refund[0].recon).toMatchObject({
      type: 'refund',
      amount: 10000,
      fee: 0,
      paymentId: 'pay_1',
      notes: { why: 'size' },
    });
  });

  it('leaves captured = fees + tax + refunds + balance, to the paisa', () => {
    expect(balancesAfter([...capture, ...refund])).toEqual({
      captured: 50000,
      fees: 1000,
      tax: 180,
      refunds: 10000,
      adjustments: 0,
      settled: 0,
      on_hold: 0,
      balance: 38820,
    });
  });

  it('posts the same whichever arrives first: a refund before its capture is a debit on the balance all the same', () => {
    expect(balancesAfter([...refund, ...capture])).toEqual(balancesAfter([...capture, ...refund]));
  });
});
