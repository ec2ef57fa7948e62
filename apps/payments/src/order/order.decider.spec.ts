import { AlreadyExists, fold, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification, invalid } from '@platform/testing-core';
import { orderDecider } from './order.decider';
import {
  createOrder,
  LATER,
  METADATA,
  editOrderNotes,
  NOW,
  ORDER_AMOUNT,
  orderCreated,
  orderNotesEdited,
  orderPaid,
  orderPaymentAttempted,
  orderPaymentCaptured,
  partialTerms,
  PAYMENT_ID,
  recordCapture,
  recordPaymentAttempt,
  SECOND_PAYMENT_ID,
  terms,
  THIRD_PAYMENT_ID,
} from './order.fixtures';

const given = DeciderSpecification.for(orderDecider);

describe('Order', () => {
  describe('when it does not exist', () => {
    it('is created with its terms and the time in milliseconds', () => {
      given([])
        .when(createOrder({ receipt: 'rcpt_42', notes: { ref: 'A-1' } }))
        .then([
          {
            type: 'OrderCreated',
            data: {
              orderId: 'order_AbCdEfGhIjKlMn',
              terms: terms({ receipt: 'rcpt_42', notes: { ref: 'A-1' } }),
              createdAt: NOW,
            },
          },
        ]);
    });

    it('is created with the smallest amount, 100', () => {
      given([])
        .when(createOrder({ amount: 100 }))
        .then([orderCreated({ amount: 100 })]);
    });

    it('refuses an amount below 100', () => {
      given([])
        .when(createOrder({ amount: 99 }))
        .thenThrows(invalid('amount', 'The amount must be at least 100.'));
    });

    it('is created with partial payment and a first payment minimum', () => {
      given([])
        .when(createOrder(partialTerms({ firstPaymentMinAmount: 20_000 })))
        .then([orderCreated(partialTerms({ firstPaymentMinAmount: 20_000 }))]);
    });

    it('accepts a first payment minimum equal to the amount', () => {
      given([])
        .when(createOrder(partialTerms({ firstPaymentMinAmount: ORDER_AMOUNT })))
        .then([orderCreated(partialTerms({ firstPaymentMinAmount: ORDER_AMOUNT }))]);
    });

    it('refuses a first payment minimum without partial payment', () => {
      given([])
        .when(createOrder({ partialPayment: false, firstPaymentMinAmount: 20_000 }))
        .thenThrows(invalid('first_payment_min_amount'));
    });

    it('refuses a first payment minimum below 100, the smallest payment', () => {
      given([])
        .when(createOrder(partialTerms({ firstPaymentMinAmount: 99 })))
        .thenThrows(
          invalid('first_payment_min_amount', 'The first_payment_min_amount must be at least 100.'),
        );
    });

    it('refuses a first payment minimum greater than the amount', () => {
      given([])
        .when(createOrder(partialTerms({ firstPaymentMinAmount: ORDER_AMOUNT + 1 })))
        .thenThrows(invalid('first_payment_min_amount'));
    });

    it('cannot record a payment attempt', () => {
      given([]).when(recordPaymentAttempt()).thenThrows(NotFound);
    });

    it('cannot record a capture', () => {
      given([]).when(recordCapture()).thenThrows(NotFound);
    });

    it('cannot have its notes edited', () => {
      given([])
        .when(editOrderNotes({ ref: 'B-2' }))
        .thenThrows(NotFound);
    });
  });

  describe('when created', () => {
    it('cannot be created again', () => {
      given([orderCreated()]).when(createOrder()).thenThrows(AlreadyExists);
    });

    it('records an authorized payment of the amount due', () => {
      given([orderCreated()]).when(recordPaymentAttempt()).then([orderPaymentAttempted()]);
    });

    it('records a failed payment attempt too', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ authorized: false }))
        .then([orderPaymentAttempted({ authorized: false })]);
    });

    it('is paid by a payment authorized and captured at once', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ captured: true }))
        .then([orderPaymentAttempted(), orderPaymentCaptured(), orderPaid()]);
    });

    it('captures nothing for a payment that failed, whatever the capture flag', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ authorized: false, captured: true }))
        .then([orderPaymentAttempted({ authorized: false })]);
    });

    it('refuses a payment of less than the amount due without partial payment', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ amount: ORDER_AMOUNT - 1 }))
        .thenThrows(invalid('amount', 'The payment amount must be the order amount due (50000).'));
    });

    it('refuses a payment of more than the amount due without partial payment', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ amount: ORDER_AMOUNT + 1 }))
        .thenThrows(invalid('amount'));
    });

    it('refuses a failed attempt of the wrong amount as well', () => {
      given([orderCreated()])
        .when(recordPaymentAttempt({ amount: 100, authorized: false }))
        .thenThrows(invalid('amount'));
    });

    it('is paid by the capture of the whole amount', () => {
      given([orderCreated()]).when(recordCapture()).then([orderPaymentCaptured(), orderPaid()]);
    });

    it('refuses a capture of more than the amount due', () => {
      given([orderCreated()])
        .when(recordCapture(PAYMENT_ID, ORDER_AMOUNT + 1))
        .thenThrows(IllegalTransition);
    });

    it('has its notes edited', () => {
      given([orderCreated()])
        .when(editOrderNotes({ ref: 'B-2' }))
        .then([orderNotesEdited({ ref: 'B-2' })]);
    });

    it('is in status created with nothing paid and no attempts', () => {
      expect(fold(orderDecider, [orderCreated()])).toEqual({
        status: 'created',
        terms: terms(),
        amountPaid: 0,
        attempts: 0,
        capturedPayments: [],
        closed: null,
      });
    });
  });

  describe('when a payment attempt failed', () => {
    const history = [orderCreated(), orderPaymentAttempted({ authorized: false })];

    it('counts the attempt and is attempted', () => {
      expect(fold(orderDecider, history)).toEqual({
        status: 'attempted',
        terms: terms(),
        amountPaid: 0,
        attempts: 1,
        capturedPayments: [],
        closed: null,
      });
    });

    it('records another attempt', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, captured: true }))
        .then([
          orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID }),
          orderPaymentCaptured(SECOND_PAYMENT_ID),
          orderPaid(SECOND_PAYMENT_ID),
        ]);
    });
  });

  describe('when a payment was authorized and not captured', () => {
    const history = [orderCreated({ paymentCapture: false }), orderPaymentAttempted()];

    it('is paid when that payment is captured', () => {
      given(history).when(recordCapture()).then([orderPaymentCaptured(), orderPaid()]);
    });

    it('still takes another payment of the whole amount', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID }))
        .then([orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID })]);
    });
  });

  describe('when paid', () => {
    const history = [orderCreated(), orderPaymentAttempted(), orderPaymentCaptured(), orderPaid()];

    it('refuses another payment attempt', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID }))
        .thenThrows(IllegalTransition);
    });

    it('refuses another failed payment attempt', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, authorized: false }))
        .thenThrows(IllegalTransition);
    });

    it('records nothing for the capture of the payment it already counted', () => {
      given(history).when(recordCapture()).thenNothingHappened();
    });

    it('refuses the capture of another payment', () => {
      given(history).when(recordCapture(SECOND_PAYMENT_ID)).thenThrows(IllegalTransition);
    });

    it('has its notes edited', () => {
      given(history)
        .when(editOrderNotes({ ref: 'B-2' }))
        .then([orderNotesEdited({ ref: 'B-2' })]);
    });

    it('counts the amount paid and the captured payment', () => {
      expect(fold(orderDecider, history)).toEqual({
        status: 'paid',
        terms: terms(),
        amountPaid: ORDER_AMOUNT,
        attempts: 1,
        capturedPayments: [PAYMENT_ID],
        closed: null,
      });
    });

    it('stays paid when a later attempt is recorded', () => {
      expect(
        fold(orderDecider, [
          ...history,
          orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, authorized: false }),
        ]),
      ).toMatchObject({ status: 'paid', attempts: 2 });
    });
  });

  describe('when created with partial payment', () => {
    const history = [orderCreated(partialTerms())];

    it('records a first payment of less than the amount', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 10_000 }))
        .then([orderPaymentAttempted({ amount: 10_000 })]);
    });

    it('records a first payment of 100 when there is no first payment minimum', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 100 }))
        .then([orderPaymentAttempted({ amount: 100 })]);
    });

    it('refuses a first payment below 100', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 99 }))
        .thenThrows(invalid('amount', 'The payment amount must be at least 100.'));
    });

    it('refuses a payment of more than the amount due', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: ORDER_AMOUNT + 1 }))
        .thenThrows(
          invalid(
            'amount',
            'The payment amount may not be greater than the order amount due (50000).',
          ),
        );
    });

    it('counts a part captured at once without being paid', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 10_000, captured: true }))
        .then([
          orderPaymentAttempted({ amount: 10_000 }),
          orderPaymentCaptured(PAYMENT_ID, 10_000),
        ]);
    });

    it('is paid by a payment of the whole amount', () => {
      given(history)
        .when(recordPaymentAttempt({ captured: true }))
        .then([orderPaymentAttempted(), orderPaymentCaptured(), orderPaid()]);
    });
  });

  describe('when created with partial payment and a first payment minimum', () => {
    const history = [orderCreated(partialTerms({ firstPaymentMinAmount: 20_000 }))];

    it('refuses a first payment below the minimum', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 19_999 }))
        .thenThrows(invalid('amount', 'The payment amount must be at least 20000.'));
    });

    it('records a first payment of exactly the minimum', () => {
      given(history)
        .when(recordPaymentAttempt({ amount: 20_000 }))
        .then([orderPaymentAttempted({ amount: 20_000 })]);
    });

    it('still asks for the minimum after a failed first attempt', () => {
      given([...history, orderPaymentAttempted({ amount: 20_000, authorized: false })])
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 10_000 }))
        .thenThrows(invalid('amount'));
    });
  });

  describe('when a first partial payment was captured', () => {
    // 20000 of 50000 paid: 30000 due.
    const history = [
      orderCreated(partialTerms({ firstPaymentMinAmount: 20_000 })),
      orderPaymentAttempted({ amount: 20_000 }),
      orderPaymentCaptured(PAYMENT_ID, 20_000),
    ];

    it('is attempted with the captured part counted', () => {
      expect(fold(orderDecider, history)).toEqual({
        status: 'attempted',
        terms: partialTerms({ firstPaymentMinAmount: 20_000 }),
        amountPaid: 20_000,
        attempts: 1,
        capturedPayments: [PAYMENT_ID],
        closed: null,
      });
    });

    it('records a later payment of 100, below the first payment minimum', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 100 }))
        .then([orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, amount: 100 })]);
    });

    it('refuses a later payment below 100', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 99 }))
        .thenThrows(invalid('amount', 'The payment amount must be at least 100.'));
    });

    it('refuses a later payment of more than the amount due', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 30_001 }))
        .thenThrows(
          invalid(
            'amount',
            'The payment amount may not be greater than the order amount due (30000).',
          ),
        );
    });

    it('counts a capture that leaves some due without being paid', () => {
      given(history)
        .when(recordCapture(SECOND_PAYMENT_ID, 10_000))
        .then([orderPaymentCaptured(SECOND_PAYMENT_ID, 10_000)]);
    });

    it('is paid by the capture of the rest', () => {
      given(history)
        .when(recordCapture(SECOND_PAYMENT_ID, 30_000))
        .then([orderPaymentCaptured(SECOND_PAYMENT_ID, 30_000), orderPaid(SECOND_PAYMENT_ID)]);
    });

    it('refuses a capture of more than the amount due', () => {
      given(history).when(recordCapture(SECOND_PAYMENT_ID, 30_001)).thenThrows(IllegalTransition);
    });

    it('records nothing for the capture of the payment it already counted', () => {
      given(history).when(recordCapture(PAYMENT_ID, 20_000)).thenNothingHappened();
    });
  });

  describe('when partial payments left less than 100 to pay', () => {
    // 49950 of 50000 paid: 50 due.
    const history = [
      orderCreated(partialTerms()),
      orderPaymentAttempted({ amount: 49_950 }),
      orderPaymentCaptured(PAYMENT_ID, 49_950),
    ];

    it('records a payment of the rest', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 50 }))
        .then([orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, amount: 50 })]);
    });

    it('refuses a payment of less than the rest', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 49 }))
        .thenThrows(invalid('amount', 'The payment amount must be at least 50.'));
    });

    it('is paid by a payment of the rest captured at once', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 50, captured: true }))
        .then([
          orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, amount: 50 }),
          orderPaymentCaptured(SECOND_PAYMENT_ID, 50),
          orderPaid(SECOND_PAYMENT_ID),
        ]);
    });
  });

  describe('when partial payments added up to the amount', () => {
    const history = [
      orderCreated(partialTerms()),
      orderPaymentAttempted({ amount: 20_000 }),
      orderPaymentCaptured(PAYMENT_ID, 20_000),
      orderPaymentAttempted({ paymentId: SECOND_PAYMENT_ID, amount: 30_000 }),
      orderPaymentCaptured(SECOND_PAYMENT_ID, 30_000),
      orderPaid(SECOND_PAYMENT_ID),
    ];

    it('is paid with both payments counted', () => {
      expect(fold(orderDecider, history)).toEqual({
        status: 'paid',
        terms: partialTerms(),
        amountPaid: ORDER_AMOUNT,
        attempts: 2,
        capturedPayments: [PAYMENT_ID, SECOND_PAYMENT_ID],
        closed: null,
      });
    });

    it('refuses another payment attempt', () => {
      given(history)
        .when(recordPaymentAttempt({ paymentId: THIRD_PAYMENT_ID, amount: 100 }))
        .thenThrows(IllegalTransition);
    });

    it('records nothing for a repeated capture of the first payment', () => {
      given(history).when(recordCapture(PAYMENT_ID, 20_000)).thenNothingHappened();
    });
  });

  describe('when its notes were edited', () => {
    it('keeps the new notes in its terms', () => {
      expect(
        fold(orderDecider, [
          orderCreated({ notes: { ref: 'A-1' } }),
          orderNotesEdited({ ref: 'B-2' }),
        ]),
      ).toMatchObject({ terms: terms({ notes: { ref: 'B-2' } }) });
    });
  });

  describe('when opened for a billing invoice', () => {
    const INVOICE = 'inv_AbCdEfGhIjKlMn';
    const opened = orderCreated({ invoiceId: INVOICE, receipt: null });
    const close = (reason: 'invoice_cancelled' | 'invoice_expired') => ({
      type: 'CloseOrder' as const,
      data: { reason },
      metadata: { ...METADATA, now: LATER },
    });
    const closed = (reason: 'invoice_cancelled' | 'invoice_expired') => ({
      type: 'OrderClosed' as const,
      data: { reason, closedAt: LATER },
    });

    it('records nothing when the same invoice is reported again', () => {
      given([opened])
        .when(createOrder({ invoiceId: INVOICE, receipt: null }))
        .then([]);
    });

    it('still refuses another order under its id', () => {
      given([opened])
        .when(createOrder({ invoiceId: 'inv_ZzZzZzZzZzZzZz', receipt: null }))
        .thenThrows(AlreadyExists);
    });

    it('closes when its invoice is cancelled, and then refuses payments naming why', () => {
      given([opened])
        .when(close('invoice_cancelled'))
        .then([closed('invoice_cancelled')]);
      given([opened, closed('invoice_cancelled')])
        .when(recordPaymentAttempt())
        .thenThrows(
          (error: unknown) =>
            error instanceof IllegalTransition &&
            error.description ===
              'The invoice of this order is cancelled: it takes no more payments.',
        );
      given([opened, closed('invoice_expired')])
        .when(recordPaymentAttempt())
        .thenThrows(
          (error: unknown) =>
            error instanceof IllegalTransition &&
            error.description ===
              'The invoice of this order is expired: it takes no more payments.',
        );
    });

    it('closes once, and a paid order stays as it is', () => {
      given([opened, closed('invoice_expired')])
        .when(close('invoice_cancelled'))
        .then([]);
      given([opened, orderPaymentAttempted(), orderPaymentCaptured(), orderPaid()])
        .when(close('invoice_expired'))
        .then([]);
    });

    it('refuses to close an order that does not exist', () => {
      given([]).when(close('invoice_cancelled')).thenThrows(NotFound);
    });
  });

  describe('when made for a payment link', () => {
    const LINK = 'plink_AbCdEfGhIjKlMn';
    const opened = orderCreated({ paymentLinkId: LINK, receipt: 'TS1989' });
    const at = { ...METADATA, now: LATER };
    const change = (partialPayment: boolean, firstPaymentMinAmount: number | null = null) => ({
      type: 'ChangeOrderPartialPayment' as const,
      data: { partialPayment, firstPaymentMinAmount },
      metadata: at,
    });

    it('closes when its link is cancelled or expires, and then refuses payments naming why', () => {
      for (const [reason, shown] of [
        ['payment_link_cancelled', 'cancelled'],
        ['payment_link_expired', 'expired'],
      ] as const) {
        given([opened])
          .when({ type: 'CloseOrder', data: { reason }, metadata: at })
          .then([{ type: 'OrderClosed', data: { reason, closedAt: LATER } }]);
        given([opened, { type: 'OrderClosed', data: { reason, closedAt: LATER } }])
          .when(recordPaymentAttempt())
          .thenThrows(
            (error: unknown) =>
              error instanceof IllegalTransition &&
              error.description === `The payment link is ${shown}: it takes no more payments.`,
          );
      }
    });

    it('takes partial payments once its link accepts them, with the first payment’s minimum', () => {
      given([opened])
        .when(change(true, 10_000))
        .then([
          {
            type: 'OrderPartialPaymentChanged',
            data: { partialPayment: true, firstPaymentMinAmount: 10_000 },
          },
        ]);
      const changed = {
        type: 'OrderPartialPaymentChanged' as const,
        data: { partialPayment: true, firstPaymentMinAmount: 10_000 },
      };
      given([opened, changed])
        .when(recordPaymentAttempt({ amount: 10_000, captured: true }))
        .then([orderPaymentAttempted({ amount: 10_000 }), orderPaymentCaptured(undefined, 10_000)]);
      given([opened, changed])
        .when(recordPaymentAttempt({ amount: 9_999 }))
        .thenThrows(invalid('amount'));
    });

    it('asks for the whole amount due once its link stops accepting partial payments', () => {
      const partial = orderCreated({ paymentLinkId: LINK, partialPayment: true });
      given([partial])
        .when(change(false))
        .then([
          {
            type: 'OrderPartialPaymentChanged',
            data: { partialPayment: false, firstPaymentMinAmount: null },
          },
        ]);
      given([
        partial,
        orderPaymentAttempted({ amount: 20_000 }),
        orderPaymentCaptured(undefined, 20_000),
        {
          type: 'OrderPartialPaymentChanged',
          data: { partialPayment: false, firstPaymentMinAmount: null },
        },
      ])
        .when(recordPaymentAttempt({ paymentId: SECOND_PAYMENT_ID, amount: 10_000 }))
        .thenThrows(invalid('amount'));
    });

    it('records no change when the partial payment terms stay the same', () => {
      given([opened]).when(change(false)).then([]);
    });

    it('refuses a first payment minimum without partial payments, or above the amount', () => {
      given([opened]).when(change(false, 10_000)).thenThrows(invalid('first_payment_min_amount'));
      given([opened])
        .when(change(true, ORDER_AMOUNT + 1))
        .thenThrows(invalid('first_payment_min_amount'));
    });

    it('refuses to change a paid order', () => {
      given([opened, orderPaymentAttempted(), orderPaymentCaptured(), orderPaid()])
        .when(change(true))
        .thenThrows(IllegalTransition);
    });
  });
});
