import type {
  PublishedDisputeEvent,
  PaymentCapturedEvent,
  RefundCreatedEvent,
} from './published-events';
import {
  disputeEventProblem,
  paymentCapturedProblem,
  refundCreatedProblem,
} from './payment-event.payload';

const envelope = {
  id: 'e1',
  schema_version: 1,
  account_id: 'acc_1',
  mode: 'test' as const,
  stream_id: 's',
  stream_version: 1,
  occurred_at: 1,
  correlation_id: null,
  causation_id: null,
};
const payment = {
  id: 'pay_1',
  entity: 'payment',
  amount: 50000,
  currency: 'INR',
  fee: 1180,
  tax: 180,
  captured: true,
  created_at: 1,
};

const captured = (overrides: Record<string, unknown>) =>
  ({
    ...envelope,
    type: 'payment.captured',
    data: { payment: { ...payment, ...overrides } },
  }) as unknown as PaymentCapturedEvent;
const refund = (data: Record<string, unknown>) =>
  ({ ...envelope, type: 'refund.created', data }) as unknown as RefundCreatedEvent;
const dispute = (overrides: Record<string, unknown>) =>
  ({
    ...envelope,
    type: 'dispute.lost',
    data: {
      dispute: {
        id: 'disp_1',
        entity: 'dispute',
        payment_id: 'pay_1',
        amount: 1000,
        amount_deducted: 1000,
        currency: 'INR',
        ...overrides,
      },
    },
  }) as unknown as PublishedDisputeEvent;

describe('checks of payments’ events before money is posted', () => {
  it('accepts a captured payment with its fee and tax', () => {
    expect(paymentCapturedProblem(captured({}))).toBeNull();
  });

  it.each([
    [{ amount: 1.5 }, /amount/],
    [{ amount: -1 }, /amount/],
    [{ fee: null }, /fee and tax/],
    [{ tax: 2000 }, /fee and tax/],
    [{ fee: 60000 }, /fee and tax/],
    [{ captured: 'yes' }, /captured/],
  ])('refuses a captured payment with %j', (overrides, problem) => {
    expect(paymentCapturedProblem(captured(overrides))).toMatch(problem);
  });

  it('accepts a refund with or without its payment, and checks the payment when given', () => {
    const entity = {
      id: 'rfnd_1',
      entity: 'refund',
      payment_id: 'pay_1',
      amount: 100,
      currency: 'INR',
      created_at: 1,
    };
    expect(refundCreatedProblem(refund({ refund: entity }))).toBeNull();
    expect(refundCreatedProblem(refund({ refund: entity, payment }))).toBeNull();
    expect(
      refundCreatedProblem(refund({ refund: entity, payment: { ...payment, amount: '5' } })),
    ).toMatch(/data.payment.amount/);
    expect(refundCreatedProblem(refund({ refund: { ...entity, amount: 1e100 } }))).toMatch(
      /data.refund.amount/,
    );
  });

  it('refuses a dispute that deducts more than it disputes', () => {
    expect(disputeEventProblem(dispute({}))).toBeNull();
    expect(disputeEventProblem(dispute({ amount_deducted: 1001 }))).toMatch(/may not exceed/);
    expect(disputeEventProblem(dispute({ payment_id: '' }))).toMatch(/dispute of a payment/);
  });
});
