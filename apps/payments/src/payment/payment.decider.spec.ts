import { AlreadyExists, fold, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification, invalid } from '@platform/testing-core';
import { paymentDecider } from './payment.decider';
import {
  ACQUIRER_DATA,
  AMOUNT,
  authorizePayment,
  capturePayment,
  DAY_MS,
  declinePayment,
  details,
  DISPUTE_ID,
  editPaymentNotes,
  LATER,
  NOW,
  ORDER_ID,
  PAYMENT_ID,
  paymentAuthorized,
  paymentCaptured,
  paymentDeclined,
  paymentDisputed,
  paymentNotesEdited,
  paymentRefunded,
  paymentRefundedAutomatically,
  recordDispute,
  REFUND_ID,
  refundAutomatically,
  refundPayment,
  SECOND_DISPUTE_ID,
  SECOND_REFUND_ID,
  THIRD_DISPUTE_ID,
  THIRD_REFUND_ID,
  WINDOW_ENDS,
} from './payment.fixtures';

const given = DeciderSpecification.for(paymentDecider);

describe('Payment', () => {
  describe('when it does not exist', () => {
    it('is authorized with its details, its acquirer data and the time in milliseconds', () => {
      given([])
        .when(authorizePayment())
        .then([
          {
            type: 'PaymentAuthorized',
            data: {
              paymentId: PAYMENT_ID,
              details: details(),
              acquirerData: ACQUIRER_DATA,
              createdAt: NOW,
            },
          },
        ]);
    });

    it('is authorized and captured at once, with its fee and tax, when asked to capture', () => {
      given([])
        .when(authorizePayment(true))
        .then([
          paymentAuthorized(),
          {
            type: 'PaymentCaptured',
            data: { amount: AMOUNT, currency: 'INR', fee: 1180, tax: 180, capturedAt: NOW },
          },
        ]);
    });

    it('takes the fee of a capture at once from the amount', () => {
      given([])
        .when(authorizePayment(true, { amount: 12_525 }))
        .then([
          paymentAuthorized({ amount: 12_525 }),
          paymentCaptured({ amount: 12_525, fee: { fee: 296, tax: 45 }, capturedAt: NOW }),
        ]);
    });

    it('is declined with the error checkout reported', () => {
      given([]).when(declinePayment()).then([paymentDeclined()]);
    });

    it('cannot be captured', () => {
      given([]).when(capturePayment()).thenThrows(NotFound);
    });

    it('cannot have its notes edited', () => {
      given([])
        .when(editPaymentNotes({ ref: 'A-1' }))
        .thenThrows(NotFound);
    });

    it('cannot be refunded', () => {
      given([]).when(refundPayment(null)).thenThrows(NotFound);
    });

    it('cannot be refunded automatically', () => {
      given([]).when(refundAutomatically()).thenThrows(NotFound);
    });
  });

  describe('when declined', () => {
    const history = [paymentDeclined()];

    it('is failed with its amount and currency', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'failed',
        amount: AMOUNT,
        currency: 'INR',
      });
    });

    it('cannot be authorized again', () => {
      given(history).when(authorizePayment()).thenThrows(AlreadyExists);
    });

    it('cannot be declined again', () => {
      given(history).when(declinePayment()).thenThrows(AlreadyExists);
    });

    it('cannot be captured', () => {
      given(history).when(capturePayment()).thenThrows(IllegalTransition);
    });

    it('cannot be refunded', () => {
      given(history).when(refundPayment(null)).thenThrows(IllegalTransition);
    });

    it('is not refunded automatically when the capture window ends', () => {
      given(history).when(refundAutomatically()).thenNothingHappened();
    });

    it('has its notes edited', () => {
      given(history)
        .when(editPaymentNotes({ ref: 'A-1' }))
        .then([paymentNotesEdited({ ref: 'A-1' })]);
    });
  });

  describe('when authorized', () => {
    const history = [paymentAuthorized()];

    it('is authorized, not captured and with nothing refunded', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'authorized',
        amount: AMOUNT,
        currency: 'INR',
        orderId: ORDER_ID,
        createdAt: NOW,
        disputeAfterCapture: false,
        captured: false,
        amountRefunded: 0,
        amountDisputed: 0,
      });
    });

    it('cannot be authorized again', () => {
      given(history).when(authorizePayment()).thenThrows(AlreadyExists);
    });

    it('cannot be declined', () => {
      given(history).when(declinePayment()).thenThrows(AlreadyExists);
    });

    it('captures the authorized amount with its fee and tax', () => {
      given(history)
        .when(capturePayment())
        .then([
          {
            type: 'PaymentCaptured',
            data: { amount: AMOUNT, currency: 'INR', fee: 1180, tax: 180, capturedAt: LATER },
          },
        ]);
    });

    it('is captured in the last millisecond of its capture window', () => {
      given(history)
        .when(capturePayment({ now: WINDOW_ENDS - 1 }))
        .then([paymentCaptured({ capturedAt: WINDOW_ENDS - 1 })]);
    });

    it('cannot be captured once its capture window of 3 days has ended', () => {
      given(history)
        .when(capturePayment({ now: WINDOW_ENDS }))
        .thenThrows(IllegalTransition);
    });

    it('refuses a capture in another currency', () => {
      given(history)
        .when(capturePayment({ currency: 'USD' }))
        .thenThrows(invalid('currency', 'The currency must be the payment currency (INR).'));
    });

    it('refuses a capture of less than the authorized amount', () => {
      given(history)
        .when(capturePayment({ amount: AMOUNT - 1 }))
        .thenThrows(
          invalid('amount', 'Capture amount must be equal to the amount authorized (50000).'),
        );
    });

    it('refuses a capture of more than the authorized amount', () => {
      given(history)
        .when(capturePayment({ amount: AMOUNT + 1 }))
        .thenThrows(invalid('amount'));
    });

    it('cannot be refunded through the API before it is captured', () => {
      given(history).when(refundPayment(null)).thenThrows(IllegalTransition);
    });

    it('is not refunded automatically before its capture window ends', () => {
      given(history)
        .when(refundAutomatically(WINDOW_ENDS - 1))
        .thenNothingHappened();
    });

    it('is refunded automatically in full when its capture window ends', () => {
      given(history)
        .when(refundAutomatically(WINDOW_ENDS))
        .then([
          {
            type: 'PaymentRefunded',
            data: {
              refundId: 'rfnd_ZyXwVuTsRqPoNm',
              amount: AMOUNT,
              automatic: true,
              refundedAt: WINDOW_ENDS,
            },
          },
        ]);
    });

    it('is refunded automatically in full after its capture window ended', () => {
      given(history)
        .when(refundAutomatically(WINDOW_ENDS + DAY_MS))
        .then([paymentRefundedAutomatically(AMOUNT, WINDOW_ENDS + DAY_MS)]);
    });

    it('has its notes edited', () => {
      given(history)
        .when(editPaymentNotes({ ref: 'A-1' }))
        .then([paymentNotesEdited({ ref: 'A-1' })]);
    });
  });

  describe('when its notes were edited', () => {
    it('is unchanged for its rules', () => {
      expect(
        fold(paymentDecider, [paymentAuthorized(), paymentNotesEdited({ ref: 'A-1' })]),
      ).toEqual(fold(paymentDecider, [paymentAuthorized()]));
    });
  });

  describe('when captured', () => {
    const history = [paymentAuthorized(), paymentCaptured()];

    it('is captured with nothing refunded', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'captured',
        amount: AMOUNT,
        currency: 'INR',
        orderId: ORDER_ID,
        createdAt: NOW,
        disputeAfterCapture: false,
        captured: true,
        amountRefunded: 0,
        amountDisputed: 0,
      });
    });

    it('cannot be captured again', () => {
      given(history).when(capturePayment()).thenThrows(IllegalTransition);
    });

    it('is refunded in full when no amount is given', () => {
      given(history)
        .when(refundPayment(null))
        .then([
          {
            type: 'PaymentRefunded',
            data: { refundId: REFUND_ID, amount: AMOUNT, automatic: false, refundedAt: LATER },
          },
        ]);
    });

    it('is refunded in part', () => {
      given(history)
        .when(refundPayment(10_000))
        .then([paymentRefunded(10_000)]);
    });

    it('is refunded by the smallest refund, 100', () => {
      given(history)
        .when(refundPayment(100))
        .then([paymentRefunded(100)]);
    });

    it('refuses a refund below 100', () => {
      given(history)
        .when(refundPayment(99))
        .thenThrows(invalid('amount', 'The amount must be at least 100.'));
    });

    it('refuses a refund of nothing', () => {
      given(history).when(refundPayment(0)).thenThrows(invalid('amount'));
    });

    it('refuses a refund of more than was captured', () => {
      given(history)
        .when(refundPayment(AMOUNT + 1))
        .thenThrows(
          invalid(
            'amount',
            'The refund amount provided is greater than amount captured and not yet refunded (50000).',
          ),
        );
    });

    it('is not refunded automatically, even after its capture window ended', () => {
      given(history)
        .when(refundAutomatically(WINDOW_ENDS + DAY_MS))
        .thenNothingHappened();
    });

    it('has its notes edited', () => {
      given(history)
        .when(editPaymentNotes({ ref: 'A-1' }))
        .then([paymentNotesEdited({ ref: 'A-1' })]);
    });
  });

  describe('when captured at once', () => {
    it('cannot be captured again', () => {
      given([paymentAuthorized(), paymentCaptured({ capturedAt: NOW })])
        .when(capturePayment())
        .thenThrows(IllegalTransition);
    });
  });

  describe('when captured and partly refunded', () => {
    // 10000 of 50000 refunded: 40000 left.
    const history = [paymentAuthorized(), paymentCaptured(), paymentRefunded(10_000)];

    it('stays captured and counts the refunded amount', () => {
      expect(fold(paymentDecider, history)).toMatchObject({
        status: 'captured',
        captured: true,
        amountRefunded: 10_000,
      });
    });

    it('refunds all that is left when no amount is given', () => {
      given(history)
        .when(refundPayment(null, SECOND_REFUND_ID))
        .then([paymentRefunded(40_000, SECOND_REFUND_ID)]);
    });

    it('refuses a refund of more than is left', () => {
      given(history)
        .when(refundPayment(40_001, SECOND_REFUND_ID))
        .thenThrows(
          invalid(
            'amount',
            'The refund amount provided is greater than amount captured and not yet refunded (40000).',
          ),
        );
    });

    it('cannot be captured again', () => {
      given(history).when(capturePayment()).thenThrows(IllegalTransition);
    });
  });

  describe('when refunded until less than 100 was left', () => {
    // 49950 of 50000 refunded: 50 left.
    const history = [paymentAuthorized(), paymentCaptured(), paymentRefunded(49_950)];

    it('refunds the rest when no amount is given', () => {
      given(history)
        .when(refundPayment(null, SECOND_REFUND_ID))
        .then([paymentRefunded(50, SECOND_REFUND_ID)]);
    });

    it('refunds exactly the rest, though below 100', () => {
      given(history)
        .when(refundPayment(50, SECOND_REFUND_ID))
        .then([paymentRefunded(50, SECOND_REFUND_ID)]);
    });

    it('refuses less than the rest below 100', () => {
      given(history).when(refundPayment(49, SECOND_REFUND_ID)).thenThrows(invalid('amount'));
    });

    it('refuses more than the rest', () => {
      given(history).when(refundPayment(51, SECOND_REFUND_ID)).thenThrows(invalid('amount'));
    });
  });

  describe('when several partial refunds added up to the amount', () => {
    const history = [
      paymentAuthorized(),
      paymentCaptured(),
      paymentRefunded(10_000),
      paymentRefunded(15_000, SECOND_REFUND_ID),
      paymentRefunded(25_000, THIRD_REFUND_ID),
    ];

    it('is refunded', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'refunded',
        amount: AMOUNT,
        currency: 'INR',
        orderId: ORDER_ID,
        createdAt: NOW,
        disputeAfterCapture: false,
        captured: true,
        amountRefunded: AMOUNT,
        amountDisputed: 0,
      });
    });

    it('is still captured after the first two', () => {
      expect(fold(paymentDecider, history.slice(0, 4))).toMatchObject({
        status: 'captured',
        amountRefunded: 25_000,
      });
    });

    it('refuses another refund', () => {
      given(history).when(refundPayment(100, 'rfnd_DeFgHiJkLmNoPq')).thenThrows(IllegalTransition);
    });

    it('refuses a refund of all that is left', () => {
      given(history).when(refundPayment(null, 'rfnd_DeFgHiJkLmNoPq')).thenThrows(IllegalTransition);
    });

    it('cannot be captured again', () => {
      given(history).when(capturePayment()).thenThrows(IllegalTransition);
    });

    it('is not refunded automatically', () => {
      given(history).when(refundAutomatically()).thenNothingHappened();
    });

    it('has its notes edited', () => {
      given(history)
        .when(editPaymentNotes({ ref: 'A-1' }))
        .then([paymentNotesEdited({ ref: 'A-1' })]);
    });
  });

  describe('when refunded in full at once', () => {
    it('is refunded', () => {
      expect(
        fold(paymentDecider, [paymentAuthorized(), paymentCaptured(), paymentRefunded(AMOUNT)]),
      ).toMatchObject({ status: 'refunded', amountRefunded: AMOUNT });
    });
  });

  describe('when refunded automatically at the end of its capture window', () => {
    const history = [paymentAuthorized(), paymentRefundedAutomatically()];

    it('is refunded and was never captured', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'refunded',
        amount: AMOUNT,
        currency: 'INR',
        orderId: ORDER_ID,
        createdAt: NOW,
        disputeAfterCapture: false,
        captured: false,
        amountRefunded: AMOUNT,
        amountDisputed: 0,
      });
    });

    it('cannot be captured', () => {
      given(history)
        .when(capturePayment({ now: WINDOW_ENDS + 1 }))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description ===
              'This payment was not captured within its capture window and has been refunded.',
        );
    });

    it('cannot be refunded through the API', () => {
      given(history)
        .when(refundPayment(null, SECOND_REFUND_ID, WINDOW_ENDS + 1))
        .thenThrows(IllegalTransition);
    });

    it('is not refunded automatically again', () => {
      given(history)
        .when(refundAutomatically(WINDOW_ENDS + DAY_MS))
        .thenNothingHappened();
    });
  });

  describe('when it does not exist and its bank disputes it', () => {
    it('cannot be disputed', () => {
      given([]).when(recordDispute(null)).thenThrows(NotFound);
    });
  });

  describe('when declined and its bank disputes it', () => {
    it('cannot be disputed', () => {
      given([paymentDeclined()])
        .when(recordDispute(null))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description === 'Only captured payments can be disputed.',
        );
    });
  });

  describe('when authorized and its bank disputes it', () => {
    it('cannot be disputed before it is captured', () => {
      given([paymentAuthorized()])
        .when(recordDispute(null))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description === 'Only captured payments can be disputed.',
        );
    });
  });

  describe('when refunded automatically and its bank disputes it', () => {
    it('cannot be disputed, never captured', () => {
      given([paymentAuthorized(), paymentRefundedAutomatically()])
        .when(recordDispute(null, DISPUTE_ID, WINDOW_ENDS + 1))
        .thenThrows(IllegalTransition);
    });
  });

  describe('when captured and its bank disputes it', () => {
    const history = [paymentAuthorized(), paymentCaptured()];

    it('is disputed in full when no amount is given', () => {
      given(history)
        .when(recordDispute(null))
        .then([{ type: 'PaymentDisputed', data: { disputeId: DISPUTE_ID, amount: AMOUNT } }]);
    });

    it('is disputed in part', () => {
      given(history)
        .when(recordDispute(20_000))
        .then([paymentDisputed(20_000)]);
    });

    it('is disputed for exactly the amount captured', () => {
      given(history)
        .when(recordDispute(AMOUNT))
        .then([paymentDisputed(AMOUNT)]);
    });

    it('refuses a dispute of more than was captured', () => {
      given(history)
        .when(recordDispute(AMOUNT + 1))
        .thenThrows(
          invalid(
            'amount',
            'The dispute amount may not be greater than the amount captured and neither refunded nor disputed (50000).',
          ),
        );
    });
  });

  describe('when captured, partly refunded, and its bank disputes it', () => {
    // 10000 of 50000 refunded: 40000 can be disputed.
    const history = [paymentAuthorized(), paymentCaptured(), paymentRefunded(10_000)];

    it('is disputed for all that was not refunded when no amount is given', () => {
      given(history)
        .when(recordDispute(null))
        .then([paymentDisputed(40_000)]);
    });

    it('is disputed for exactly what was not refunded', () => {
      given(history)
        .when(recordDispute(40_000))
        .then([paymentDisputed(40_000)]);
    });

    it('refuses a dispute of more than was not refunded', () => {
      given(history)
        .when(recordDispute(40_001))
        .thenThrows(
          invalid(
            'amount',
            'The dispute amount may not be greater than the amount captured and neither refunded nor disputed (40000).',
          ),
        );
    });
  });

  describe('when refunded in full and its bank disputes it', () => {
    it('cannot be disputed', () => {
      given([paymentAuthorized(), paymentCaptured(), paymentRefunded(AMOUNT)])
        .when(recordDispute(null))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description ===
              'Nothing of this payment can be disputed: it was refunded or disputed in full.',
        );
    });
  });

  describe('when partly disputed', () => {
    // 20000 of 50000 disputed: 30000 can still be disputed.
    const history = [paymentAuthorized(), paymentCaptured(), paymentDisputed(20_000)];

    it('stays captured and counts the disputed amount', () => {
      expect(fold(paymentDecider, history)).toEqual({
        status: 'captured',
        amount: AMOUNT,
        currency: 'INR',
        orderId: ORDER_ID,
        createdAt: NOW,
        disputeAfterCapture: false,
        captured: true,
        amountRefunded: 0,
        amountDisputed: 20_000,
      });
    });

    it('is disputed again for all that is left when no amount is given', () => {
      given(history)
        .when(recordDispute(null, SECOND_DISPUTE_ID))
        .then([paymentDisputed(30_000, SECOND_DISPUTE_ID)]);
    });

    it('is disputed again for exactly what is left', () => {
      given(history)
        .when(recordDispute(30_000, SECOND_DISPUTE_ID))
        .then([paymentDisputed(30_000, SECOND_DISPUTE_ID)]);
    });

    it('refuses another dispute of more than is left', () => {
      given(history)
        .when(recordDispute(30_001, SECOND_DISPUTE_ID))
        .thenThrows(
          invalid(
            'amount',
            'The dispute amount may not be greater than the amount captured and neither refunded nor disputed (30000).',
          ),
        );
    });

    it('adds up successive disputes', () => {
      expect(
        fold(paymentDecider, [
          ...history,
          paymentDisputed(5_000, SECOND_DISPUTE_ID),
          paymentDisputed(10_000, THIRD_DISPUTE_ID),
        ]),
      ).toMatchObject({ amountDisputed: 35_000 });
    });
  });

  describe('when partly refunded and partly disputed', () => {
    // 50000 captured, 10000 refunded, 15000 disputed: 25000 can still be disputed.
    const history = [
      paymentAuthorized(),
      paymentCaptured(),
      paymentRefunded(10_000),
      paymentDisputed(15_000),
    ];

    it('is disputed for what is neither refunded nor disputed when no amount is given', () => {
      given(history)
        .when(recordDispute(null, SECOND_DISPUTE_ID))
        .then([paymentDisputed(25_000, SECOND_DISPUTE_ID)]);
    });

    it('refuses a dispute of more than is neither refunded nor disputed', () => {
      given(history).when(recordDispute(25_001, SECOND_DISPUTE_ID)).thenThrows(invalid('amount'));
    });
  });

  describe('when disputed in full', () => {
    const history = [paymentAuthorized(), paymentCaptured(), paymentDisputed(AMOUNT)];

    it('stays captured with the whole amount disputed', () => {
      expect(fold(paymentDecider, history)).toMatchObject({
        status: 'captured',
        amountDisputed: AMOUNT,
      });
    });

    it('cannot be disputed again', () => {
      given(history)
        .when(recordDispute(null, SECOND_DISPUTE_ID))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description ===
              'Nothing of this payment can be disputed: it was refunded or disputed in full.',
        );
    });

    it('cannot be disputed again for the smallest amount', () => {
      given(history).when(recordDispute(1, SECOND_DISPUTE_ID)).thenThrows(IllegalTransition);
    });
  });

  describe('when disputed in several parts that add up to the amount', () => {
    const history = [
      paymentAuthorized(),
      paymentCaptured(),
      paymentDisputed(20_000),
      paymentDisputed(30_000, SECOND_DISPUTE_ID),
    ];

    it('counts the whole amount disputed', () => {
      expect(fold(paymentDecider, history)).toMatchObject({
        status: 'captured',
        amountDisputed: AMOUNT,
      });
    });

    it('cannot be disputed again', () => {
      given(history).when(recordDispute(null, THIRD_DISPUTE_ID)).thenThrows(IllegalTransition);
    });
  });
  describe('when part of it was disputed', () => {
    const history = [paymentAuthorized(), paymentCaptured(), paymentDisputed(20_000)];

    it('refunds what is neither refunded nor disputed, and no more', () => {
      given(history)
        .when(refundPayment(null))
        .then([paymentRefunded(30_000)]);
    });

    it('refuses a refund reaching into the disputed amount, naming the amount', () => {
      given(history)
        .when(refundPayment(30_001))
        .thenThrows(
          invalid(
            'amount',
            'The refund amount provided is greater than amount captured and not yet refunded or disputed (30000).',
          ),
        );
    });

    it('refuses any refund once the rest is disputed too', () => {
      given([...history, paymentDisputed(30_000)])
        .when(refundPayment(100))
        .thenThrows(
          (error) =>
            error instanceof IllegalTransition &&
            error.description ===
              'Nothing of this payment can be refunded: what was not refunded is disputed.',
        );
    });
  });
});
