import { AlreadyExists, fold, NotFound } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { refundDecider } from './refund.decider';
import {
  ARN,
  createRefund,
  DAY_MS,
  editRefundNotes,
  NORMAL_DUE,
  NOW,
  PAYMENT_ID,
  processRefund,
  REFUND_ID,
  refundCreated,
  refundNotesEdited,
  refundProcessed,
} from './refund.fixtures';

const given = DeciderSpecification.for(refundDecider);

describe('Refund', () => {
  describe('when it does not exist', () => {
    it('is created with its terms and the time in milliseconds', () => {
      given([])
        .when(createRefund({ amount: 10_000, notes: { reason: 'damaged' }, receipt: 'rcpt_7' }))
        .then([
          {
            type: 'RefundCreated',
            data: {
              refundId: REFUND_ID,
              terms: {
                paymentId: PAYMENT_ID,
                amount: 10_000,
                currency: 'INR',
                speedRequested: 'normal',
                notes: { reason: 'damaged' },
                receipt: 'rcpt_7',
                automatic: false,
              },
              createdAt: NOW,
            },
          },
        ]);
    });

    it('is created as an automatic, optimum refund', () => {
      given([])
        .when(createRefund({ speedRequested: 'optimum', automatic: true }))
        .then([refundCreated({ speedRequested: 'optimum', automatic: true })]);
    });

    it('is not processed', () => {
      given([]).when(processRefund(NORMAL_DUE)).thenNothingHappened();
    });

    it('cannot have its notes edited', () => {
      given([])
        .when(editRefundNotes({ reason: 'damaged' }))
        .thenThrows(NotFound);
    });
  });

  describe('when created at normal speed', () => {
    const history = [refundCreated()];

    it('is pending', () => {
      expect(fold(refundDecider, history)).toEqual({
        status: 'pending',
        speedRequested: 'normal',
        createdAt: NOW,
      });
    });

    it('cannot be created again', () => {
      given(history).when(createRefund()).thenThrows(AlreadyExists);
    });

    it('is not processed at once', () => {
      given(history).when(processRefund(NOW)).thenNothingHappened();
    });

    it('is not processed in the last millisecond before 5 days have passed', () => {
      given(history)
        .when(processRefund(NORMAL_DUE - 1))
        .thenNothingHappened();
    });

    it('is processed at normal speed when 5 days have passed', () => {
      given(history)
        .when(processRefund(NORMAL_DUE))
        .then([
          {
            type: 'RefundProcessed',
            data: { speedProcessed: 'normal', arn: ARN, processedAt: NORMAL_DUE },
          },
        ]);
    });

    it('is processed at normal speed later than that', () => {
      given(history)
        .when(processRefund(NORMAL_DUE + DAY_MS))
        .then([refundProcessed(NORMAL_DUE + DAY_MS)]);
    });

    it('has its notes edited', () => {
      given(history)
        .when(editRefundNotes({ reason: 'damaged' }))
        .then([refundNotesEdited({ reason: 'damaged' })]);
    });
  });

  describe('when created at optimum speed', () => {
    const history = [refundCreated({ speedRequested: 'optimum' })];

    it('is processed at once, instantly', () => {
      given(history)
        .when(processRefund(NOW))
        .then([
          {
            type: 'RefundProcessed',
            data: { speedProcessed: 'instant', arn: ARN, processedAt: NOW },
          },
        ]);
    });
  });

  describe('when processed', () => {
    const history = [refundCreated(), refundProcessed(NORMAL_DUE)];

    it('is processed', () => {
      expect(fold(refundDecider, history)).toEqual({
        status: 'processed',
        speedRequested: 'normal',
        createdAt: NOW,
      });
    });

    it('is not processed again', () => {
      given(history)
        .when(processRefund(NORMAL_DUE + DAY_MS))
        .thenNothingHappened();
    });

    it('cannot be created again', () => {
      given(history).when(createRefund()).thenThrows(AlreadyExists);
    });

    it('has its notes edited', () => {
      given(history)
        .when(editRefundNotes({ reason: 'damaged' }))
        .then([refundNotesEdited({ reason: 'damaged' })]);
    });
  });

  describe('when processed instantly', () => {
    it('is not processed again', () => {
      given([refundCreated({ speedRequested: 'optimum' }), refundProcessed(NOW, 'instant')])
        .when(processRefund(NOW + 1))
        .thenNothingHappened();
    });
  });

  describe('when its notes were edited', () => {
    it('is still pending and due at the same time', () => {
      given([refundCreated(), refundNotesEdited({ reason: 'damaged' })])
        .when(processRefund(NORMAL_DUE))
        .then([refundProcessed(NORMAL_DUE)]);
    });
  });
});
