import { AlreadyExists, fold, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification, illegal, invalid } from '@platform/testing-core';
import { LinkMessages, paymentLinkDecider, paymentProblem } from './payment-link.decider';
import {
  AMOUNT,
  at,
  createLink,
  DAY_MS,
  EARLIEST_EXPIRE_BY,
  editLink,
  KEY_ID,
  LATER,
  LINK_ID,
  linkCancelled,
  linkCreated,
  linkEdited,
  linkExpired,
  linkNotified,
  linkPaid,
  linkPaymentCaptured,
  NOW,
  ORDER_ID,
  PAYMENT_ID,
  recordLinkPayment,
  SECOND_PAYMENT_ID,
  SHORT_URL,
  SIX_MONTHS_ON,
  terms,
} from './payment-link.fixtures';
import { expiresAt, monthsAfter } from './payment-link.state';

const given = DeciderSpecification.for(paymentLinkDecider);

const cancel = (now = LATER) => ({
  type: 'CancelPaymentLink' as const,
  data: {},
  metadata: at(now),
});
const expire = (now: number) => ({
  type: 'ExpirePaymentLink' as const,
  data: {},
  metadata: at(now),
});
const notify = (medium: 'sms' | 'email', to: string) => ({
  type: 'RecordLinkNotification' as const,
  data: { medium, to },
  metadata: at(LATER),
});
const partial = linkCreated({ acceptPartial: true, firstMinPartialAmount: 10_000 });

describe('Payment link', () => {
  describe('when it does not exist', () => {
    it('is created with its terms, its order, the key that made it and its page', () => {
      given([])
        .when(createLink())
        .then([
          {
            type: 'PaymentLinkCreated',
            data: {
              paymentLinkId: LINK_ID,
              orderId: ORDER_ID,
              terms: terms(),
              keyId: KEY_ID,
              shortUrl: SHORT_URL,
              createdAt: NOW,
            },
          },
        ]);
    });

    it('takes partial payments with a first payment minimum from 100 to the amount', () => {
      for (const least of [100, AMOUNT])
        given([])
          .when(createLink({ acceptPartial: true, firstMinPartialAmount: least }))
          .then([linkCreated({ acceptPartial: true, firstMinPartialAmount: least })]);
    });

    it('refuses an amount below 100', () => {
      given([])
        .when(createLink({ amount: 99 }))
        .thenThrows(invalid('amount', 'The amount must be at least 100.'));
    });

    it('refuses a first payment minimum without partial payments, or out of its range', () => {
      given([])
        .when(createLink({ firstMinPartialAmount: 10_000 }))
        .thenThrows(invalid('first_min_partial_amount'));
      for (const least of [99, AMOUNT + 1])
        given([])
          .when(createLink({ acceptPartial: true, firstMinPartialAmount: least }))
          .thenThrows(
            invalid(
              'first_min_partial_amount',
              'The first_min_partial_amount must be from 100 to the amount.',
            ),
          );
    });

    it('expires no sooner than 15 minutes and no later than six months after now', () => {
      given([])
        .when(createLink({ expireBy: EARLIEST_EXPIRE_BY }))
        .then([linkCreated({ expireBy: EARLIEST_EXPIRE_BY })]);
      given([])
        .when(createLink({ expireBy: EARLIEST_EXPIRE_BY - 1 }))
        .thenThrows(invalid('expire_by', LinkMessages.expireBySoon));
      given([])
        .when(createLink({ expireBy: SIX_MONTHS_ON / 1000 }))
        .then([linkCreated({ expireBy: SIX_MONTHS_ON / 1000 })]);
      given([])
        .when(createLink({ expireBy: SIX_MONTHS_ON / 1000 + 1 }))
        .thenThrows(
          invalid(
            'expire_by',
            'The expire_by may not be more than six months after the link was created.',
          ),
        );
    });

    it('needs callback_method get with a callback_url, and no method without one', () => {
      given([])
        .when(createLink({ callbackUrl: 'https://example.com/done' }))
        .thenThrows(
          invalid(
            'callback_method',
            'The callback method field is required when callback url is present.',
          ),
        );
      given([])
        .when(createLink({ callbackMethod: 'get' }))
        .thenThrows(invalid('callback_method'));
      given([])
        .when(createLink({ callbackUrl: 'https://example.com/done', callbackMethod: 'get' }))
        .then([linkCreated({ callbackUrl: 'https://example.com/done', callbackMethod: 'get' })]);
    });

    it('makes UPI links in live mode only, in rupees, paid in one payment', () => {
      given([])
        .when(createLink({ upiLink: true }))
        .thenThrows(invalid('upi_link', LinkMessages.upiInTestMode));
      const live = at(NOW, 'live');
      given([])
        .when(createLink({ upiLink: true, currency: 'USD' }, live))
        .thenThrows(invalid('currency', LinkMessages.upiCurrency));
      given([])
        .when(createLink({ upiLink: true, acceptPartial: true }, live))
        .thenThrows(invalid('accept_partial', LinkMessages.upiPartial));
      given([])
        .when(createLink({ upiLink: true }, live))
        .then([linkCreated({ upiLink: true })]);
    });

    it('cannot be paid, edited, cancelled or sent', () => {
      given([]).when(recordLinkPayment()).thenThrows(NotFound);
      given([])
        .when(editLink({ notes: { a: 1 } }))
        .thenThrows(NotFound);
      given([]).when(cancel()).thenThrows(NotFound);
      given([]).when(notify('sms', '+919000090000')).thenThrows(NotFound);
    });

    it('has nothing to expire', () => {
      given([]).when(expire(SIX_MONTHS_ON)).thenNothingHappened();
    });
  });

  describe('when created', () => {
    it('cannot be created again', () => {
      given([linkCreated()]).when(createLink()).thenThrows(AlreadyExists);
    });

    it('is paid by a payment of its amount', () => {
      given([linkCreated()]).when(recordLinkPayment()).then([linkPaymentCaptured(), linkPaid()]);
    });

    it('counts a partial payment, and is partially paid', () => {
      given([partial])
        .when(recordLinkPayment(20_000))
        .then([linkPaymentCaptured(20_000)]);
      expect(fold(paymentLinkDecider, [partial, linkPaymentCaptured(20_000)])).toMatchObject({
        status: 'partially_paid',
        amountPaid: 20_000,
      });
    });

    it('refuses a payment of more than its amount', () => {
      given([partial])
        .when(recordLinkPayment(AMOUNT + 1))
        .thenThrows(illegal(`The payment is more than the payment link has due (${AMOUNT}).`));
    });

    it('refuses payments once its expire_by passed, before its expiry ran', () => {
      const timed = linkCreated({ expireBy: EARLIEST_EXPIRE_BY });
      given([timed])
        .when(recordLinkPayment(AMOUNT, PAYMENT_ID, EARLIEST_EXPIRE_BY * 1000))
        .thenThrows(illegal('The payment link is expired: it takes no more payments.'));
      expect(paymentProblem(fold(paymentLinkDecider, [timed]), LATER)).toBeNull();
    });

    it('has what PATCH may change changed', () => {
      const changes = {
        referenceId: 'TS35',
        expireBy: EARLIEST_EXPIRE_BY + 3600,
        notes: { policy: 'Life' },
        reminderEnable: true,
        acceptPartial: true,
      };
      given([linkCreated()])
        .when(editLink(changes))
        .then([linkEdited(changes)]);
      expect(fold(paymentLinkDecider, [linkCreated(), linkEdited(changes)])).toMatchObject({
        terms: terms(changes),
      });
    });

    it('records nothing for an edit that changes nothing', () => {
      given([linkCreated()]).when(editLink({})).thenNothingHappened();
    });

    it('moves expire_by only within 15 minutes from now and six months from its creation', () => {
      given([linkCreated()])
        .when(editLink({ expireBy: LATER / 1000 + 15 * 60 - 1 }))
        .thenThrows(invalid('expire_by', LinkMessages.expireBySoon));
      given([linkCreated()])
        .when(editLink({ expireBy: SIX_MONTHS_ON / 1000 + 1 }))
        .thenThrows(invalid('expire_by'));
    });

    it('refuses partial payments on a UPI link', () => {
      given([linkCreated({ upiLink: true })])
        .when(editLink({ acceptPartial: true }))
        .thenThrows(invalid('accept_partial', LinkMessages.upiPartial));
    });

    it('is cancelled', () => {
      given([linkCreated()])
        .when(cancel())
        .then([{ type: 'PaymentLinkCancelled', data: { cancelledAt: LATER } }]);
    });

    it('expires at its expire_by, and not before', () => {
      const timed = linkCreated({ expireBy: EARLIEST_EXPIRE_BY });
      given([timed])
        .when(expire(EARLIEST_EXPIRE_BY * 1000 - 1))
        .thenNothingHappened();
      given([timed])
        .when(expire(EARLIEST_EXPIRE_BY * 1000))
        .then([linkExpired(EARLIEST_EXPIRE_BY * 1000)]);
    });

    it('expires six months after its creation without expire_by', () => {
      expect(expiresAt(fold(paymentLinkDecider, [linkCreated()]) as never)).toBe(SIX_MONTHS_ON);
      given([linkCreated()])
        .when(expire(SIX_MONTHS_ON - 1))
        .thenNothingHappened();
      given([linkCreated()]).when(expire(SIX_MONTHS_ON)).then([linkExpired()]);
    });

    it('does not expire at a deadline its edit moved later', () => {
      const moved = linkEdited({ expireBy: EARLIEST_EXPIRE_BY + 3600 });
      given([linkCreated({ expireBy: EARLIEST_EXPIRE_BY }), moved])
        .when(expire(EARLIEST_EXPIRE_BY * 1000))
        .thenNothingHappened();
    });

    it('is sent to its customer', () => {
      given([linkCreated()])
        .when(notify('email', 'gaurav@example.com'))
        .then([linkNotified('email', 'gaurav@example.com')]);
    });
  });

  describe('when partially paid', () => {
    const history = [partial, linkPaymentCaptured(20_000)];

    it('is paid by the payment of the rest', () => {
      given(history)
        .when(recordLinkPayment(AMOUNT - 20_000, SECOND_PAYMENT_ID))
        .then([
          linkPaymentCaptured(AMOUNT - 20_000, SECOND_PAYMENT_ID),
          linkPaid(SECOND_PAYMENT_ID),
        ]);
    });

    it('records a payment it already counted only once', () => {
      given(history).when(recordLinkPayment(20_000)).thenNothingHappened();
    });

    it('refuses more than what is still due', () => {
      given(history)
        .when(recordLinkPayment(AMOUNT - 20_000 + 1, SECOND_PAYMENT_ID))
        .thenThrows(IllegalTransition);
    });

    it('can still be edited, and stop taking partial payments', () => {
      given(history)
        .when(editLink({ acceptPartial: false }))
        .then([linkEdited({ acceptPartial: false })]);
    });

    it('cannot be cancelled', () => {
      given(history).when(cancel()).thenThrows(illegal(LinkMessages.cancelPaid));
    });

    it('expires when its time runs out', () => {
      given(history).when(expire(SIX_MONTHS_ON)).then([linkExpired()]);
    });
  });

  describe('when paid', () => {
    const history = [linkCreated(), linkPaymentCaptured(), linkPaid()];

    it('takes no more payments', () => {
      given(history)
        .when(recordLinkPayment(AMOUNT, SECOND_PAYMENT_ID))
        .thenThrows(illegal('The payment link has already been paid.'));
    });

    it('cannot be edited, cancelled or sent', () => {
      given(history)
        .when(editLink({ notes: { a: 1 } }))
        .thenThrows(illegal(LinkMessages.notEditable));
      given(history).when(cancel()).thenThrows(illegal(LinkMessages.cancelPaid));
      given(history).when(notify('sms', '+919000090000')).thenThrows(IllegalTransition);
    });

    it('never expires', () => {
      given(history).when(expire(SIX_MONTHS_ON)).thenNothingHappened();
    });
  });

  describe('when cancelled', () => {
    const history = [linkCreated(), linkCancelled()];

    it('takes no payments', () => {
      given(history)
        .when(recordLinkPayment())
        .thenThrows(illegal('The payment link is cancelled: it takes no more payments.'));
    });

    it('cannot be cancelled again, edited or sent', () => {
      given(history)
        .when(cancel())
        .thenThrows(illegal('cannot cancel or expire an already cancelled link'));
      given(history)
        .when(editLink({ reminderEnable: true }))
        .thenThrows(illegal(LinkMessages.notEditable));
      given(history)
        .when(notify('email', 'gaurav@example.com'))
        .thenThrows(
          illegal('The payment link is cancelled: there is nothing to send its customer.'),
        );
    });

    it('does not expire', () => {
      given(history).when(expire(SIX_MONTHS_ON)).thenNothingHappened();
    });
  });

  describe('when expired', () => {
    const history = [linkCreated(), linkExpired()];

    it('takes no payments and cannot be cancelled or edited', () => {
      given(history)
        .when(recordLinkPayment())
        .thenThrows(illegal('The payment link is expired: it takes no more payments.'));
      given(history).when(cancel()).thenThrows(illegal(LinkMessages.cancelExpired));
      given(history)
        .when(editLink({ expireBy: EARLIEST_EXPIRE_BY }))
        .thenThrows(illegal(LinkMessages.notEditable));
    });
  });

  describe('six months', () => {
    it('are calendar months, ending on the last day of a shorter month', () => {
      expect(monthsAfter(Date.UTC(2025, 7, 31, 10), 6)).toBe(Date.UTC(2026, 1, 28, 10));
      expect(monthsAfter(Date.UTC(2023, 7, 31, 10), 6)).toBe(Date.UTC(2024, 1, 29, 10));
      expect(monthsAfter(NOW, 6)).toBe(SIX_MONTHS_ON);
      expect(monthsAfter(Date.UTC(2025, 0, 15), 6) - Date.UTC(2025, 0, 15)).toBe(181 * DAY_MS);
    });
  });
});
