import { AlreadyExists, IllegalTransition } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { PAYMENT_TIMED_OUT, paymentDecider } from './payment.decider';
import {
  ACQUIRER_DATA,
  at,
  authorizePayment,
  CHALLENGE,
  CHALLENGE_ENDS,
  capturePayment,
  createPayment,
  declinePayment,
  details,
  editPaymentNotes,
  expirePayment,
  NOW,
  PAYMENT_ID,
  paymentAuthorized,
  paymentCaptured,
  paymentCreated,
  paymentDeclined,
  paymentNotesEdited,
  refundAutomatically,
  refundPayment,
  recordDispute,
} from './payment.fixtures';

const given = DeciderSpecification.for(paymentDecider);

/** A command decided a minute after the payment was created. */
const aMinuteLater = <C extends { metadata: object }>(command: C): C => ({
  ...command,
  metadata: at(NOW + 60_000),
});

describe('Payment', () => {
  describe('when it does not exist', () => {
    it('is created with its details, its acquirer challenge and the time', () => {
      given([])
        .when(createPayment())
        .then([
          {
            type: 'PaymentCreated',
            data: {
              paymentId: PAYMENT_ID,
              details: details(),
              acquirer: CHALLENGE,
              subscriptionId: null,
              createdAt: NOW,
            },
          },
        ]);
    });

    it('is not expired: there is nothing to expire', () => {
      given([]).when(expirePayment()).thenNothingHappened();
    });
  });

  describe('when created (waiting for the customer)', () => {
    const created = [paymentCreated()];

    it('is authorized with the details it was created with, at its creation time', () => {
      given(created)
        .when(aMinuteLater(authorizePayment(false, { amount: 1 })))
        .then([paymentAuthorized()]);
    });

    it('is authorized and captured at once when asked to capture', () => {
      given(created)
        .when(aMinuteLater(authorizePayment(true)))
        .then([paymentAuthorized(), paymentCaptured({ capturedAt: NOW + 60_000 })]);
    });

    it('is declined with the bank’s error, keeping the details it was created with', () => {
      given(created)
        .when(aMinuteLater(declinePayment({ amount: 1 })))
        .then([paymentDeclined()]);
    });

    it('keeps notes edited while it waited', () => {
      given([...created, paymentNotesEdited({ purpose: 'rent' })])
        .when(editPaymentNotes({ purpose: 'deposit' }))
        .then([paymentNotesEdited({ purpose: 'deposit' })]);
    });

    it('is not created a second time', () => {
      given(created).when(createPayment()).thenThrows(AlreadyExists);
    });

    it('cannot be authorized once its 15 minutes have passed', () => {
      given(created)
        .when({ ...authorizePayment(), metadata: at(CHALLENGE_ENDS) })
        .thenThrows(IllegalTransition);
    });

    it('fails by itself when its 15 minutes have passed, with Razorpay’s timeout reason', () => {
      given(created)
        .when(expirePayment())
        .then([
          {
            type: 'PaymentDeclined',
            data: {
              paymentId: PAYMENT_ID,
              details: details(),
              error: PAYMENT_TIMED_OUT,
              createdAt: NOW,
            },
          },
        ]);
      expect(PAYMENT_TIMED_OUT.reason).toBe('payment_timed_out');
    });

    it('is not expired a moment before its 15 minutes have passed', () => {
      given(created)
        .when(expirePayment(CHALLENGE_ENDS - 1))
        .thenNothingHappened();
    });

    it('cannot be captured: it is not authorized yet', () => {
      given(created).when(capturePayment()).thenThrows(IllegalTransition);
    });

    it('cannot be refunded or disputed, and the capture window’s end leaves it as it is', () => {
      given(created).when(refundPayment(null)).thenThrows(IllegalTransition);
      given(created).when(recordDispute(null)).thenThrows(IllegalTransition);
      given(created).when(refundAutomatically()).thenNothingHappened();
    });
  });

  describe('when created, then decided', () => {
    it('is not authorized or declined a second time', () => {
      const authorized = [paymentCreated(), paymentAuthorized()];
      given(authorized).when(authorizePayment()).thenThrows(AlreadyExists);
      given(authorized).when(declinePayment()).thenThrows(AlreadyExists);
    });

    it('is captured like any authorized payment', () => {
      given([paymentCreated(), paymentAuthorized()])
        .when(capturePayment())
        .then([paymentCaptured()]);
    });

    it('does not expire once authorized or declined', () => {
      given([paymentCreated(), paymentAuthorized()]).when(expirePayment()).thenNothingHappened();
      given([paymentCreated(), paymentDeclined()]).when(expirePayment()).thenNothingHappened();
    });

    it('is authorized ten minutes after its creation, with its acquirer data, created at its creation time', () => {
      given([paymentCreated()])
        .when({ ...authorizePayment(), metadata: at(NOW + 10 * 60_000) })
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
  });
});
