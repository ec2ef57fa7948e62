import { AlreadyExists, fold, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification, illegal, invalid } from '@platform/testing-core';
import { expiresAt, paymentProblem, qrCodeDecider } from './qr-code.decider';
import {
  closeQrCode,
  createQrCode,
  DAY_MS,
  EARLIEST_CLOSE_BY,
  expireQrCode,
  fixedAmountTerms,
  LATER,
  LATEST_CLOSE_BY,
  LIFETIME_ENDS,
  NOW,
  PAYMENT_AMOUNT,
  PAYMENT_ID,
  qrCodeClosed,
  qrCodeCreated,
  qrCodeCredited,
  recordQrPayment,
  SECOND_PAYMENT_ID,
  singleUseTerms,
  terms,
} from './qr-code.fixtures';

const given = DeciderSpecification.for(qrCodeDecider);

describe('QR code', () => {
  describe('when it does not exist', () => {
    it('is created with its terms and the time in milliseconds', () => {
      const taxInvoice = {
        number: 'INV-1',
        business_gstin: '06AABCU9603R1ZR',
        gst_amount: 4000,
        supply_type: 'interstate' as const,
      };
      given([])
        .when(
          createQrCode({
            description: 'Table 7',
            customerId: 'cust_AbCdEfGhIjKlMn',
            notes: { ref: 'A-1' },
            taxInvoice,
          }),
        )
        .then([
          {
            type: 'QrCodeCreated',
            data: {
              qrCodeId: 'qr_AbCdEfGhIjKlMn',
              terms: terms({
                description: 'Table 7',
                customerId: 'cust_AbCdEfGhIjKlMn',
                notes: { ref: 'A-1' },
                taxInvoice,
              }),
              createdAt: NOW,
            },
          },
        ]);
    });

    it('is created as a UPI QR code when the account has UPI QR enabled', () => {
      given([])
        .when(createQrCode({ type: 'upi_qr' }, true))
        .then([qrCodeCreated({ type: 'upi_qr' })]);
    });

    it('refuses a UPI QR code when the account does not have UPI QR enabled', () => {
      given([])
        .when(createQrCode({ type: 'upi_qr' }, false))
        .thenThrows(invalid('type', 'UPI QR codes are not enabled for this account in this mode.'));
    });

    it('is created as a Bharat QR code even without UPI QR enabled', () => {
      given([])
        .when(createQrCode({ type: 'bharat_qr' }, false))
        .then([qrCodeCreated({ type: 'bharat_qr' })]);
    });

    it('is created for single use with a fixed amount', () => {
      given([])
        .when(createQrCode(singleUseTerms()))
        .then([qrCodeCreated(singleUseTerms())]);
    });

    it('refuses single use without a fixed amount', () => {
      given([])
        .when(createQrCode({ usage: 'single_use', fixedAmount: false }))
        .thenThrows(invalid('fixed_amount', 'A single_use QR code must have fixed_amount true.'));
    });

    it('is created for multiple use with a fixed amount', () => {
      given([])
        .when(createQrCode(fixedAmountTerms()))
        .then([qrCodeCreated(fixedAmountTerms())]);
    });

    it('refuses a fixed amount without a payment amount', () => {
      given([])
        .when(createQrCode({ fixedAmount: true, paymentAmount: null }))
        .thenThrows(
          invalid(
            'payment_amount',
            'The payment_amount field is required when fixed_amount is true.',
          ),
        );
    });

    it('refuses a payment amount without a fixed amount', () => {
      given([])
        .when(createQrCode({ fixedAmount: false, paymentAmount: 5000 }))
        .thenThrows(
          invalid(
            'payment_amount',
            'The payment_amount is allowed only when fixed_amount is true.',
          ),
        );
    });

    it('refuses a payment amount below 100', () => {
      given([])
        .when(createQrCode(fixedAmountTerms({ paymentAmount: 99 })))
        .thenThrows(invalid('payment_amount', 'The payment_amount must be at least 100.'));
    });

    it('is created with the smallest payment amount, 100', () => {
      given([])
        .when(createQrCode(fixedAmountTerms({ paymentAmount: 100 })))
        .then([qrCodeCreated(fixedAmountTerms({ paymentAmount: 100 }))]);
    });

    it('refuses a close_by on a multiple-use code', () => {
      given([])
        .when(createQrCode(fixedAmountTerms({ closeBy: EARLIEST_CLOSE_BY })))
        .thenThrows(invalid('close_by', 'The close_by is allowed only for single_use QR codes.'));
    });

    it('is created for single use with a close_by exactly 15 minutes ahead', () => {
      given([])
        .when(createQrCode(singleUseTerms({ closeBy: EARLIEST_CLOSE_BY })))
        .then([qrCodeCreated(singleUseTerms({ closeBy: EARLIEST_CLOSE_BY }))]);
    });

    it('refuses a close_by less than 15 minutes ahead', () => {
      given([])
        .when(createQrCode(singleUseTerms({ closeBy: EARLIEST_CLOSE_BY - 1 })))
        .thenThrows(
          invalid('close_by', 'The close_by must be at least 15 minutes after the current time.'),
        );
    });

    it('refuses a close_by in the past', () => {
      given([])
        .when(createQrCode(singleUseTerms({ closeBy: NOW / 1000 - 60 })))
        .thenThrows(
          invalid('close_by', 'The close_by must be at least 15 minutes after the current time.'),
        );
    });

    it('is created with the latest close_by, 2147483647', () => {
      given([])
        .when(createQrCode(singleUseTerms({ closeBy: LATEST_CLOSE_BY })))
        .then([qrCodeCreated(singleUseTerms({ closeBy: LATEST_CLOSE_BY }))]);
    });

    it('refuses a close_by after 2147483647', () => {
      given([])
        .when(createQrCode(singleUseTerms({ closeBy: LATEST_CLOSE_BY + 1 })))
        .thenThrows(invalid('close_by', 'The close_by may not be greater than 2147483647.'));
    });

    it('cannot be closed', () => {
      given([]).when(closeQrCode()).thenThrows(NotFound);
    });

    it('cannot be paid', () => {
      given([]).when(recordQrPayment()).thenThrows(NotFound);
    });

    it('is not closed by the scheduler', () => {
      given([]).when(expireQrCode(LIFETIME_ENDS)).thenNothingHappened();
    });
  });

  describe('when created for multiple use with any amount', () => {
    const history = [qrCodeCreated()];

    it('is active with its terms and creation time', () => {
      expect(fold(qrCodeDecider, history)).toEqual({
        status: 'active',
        terms: terms(),
        createdAt: NOW,
      });
    });

    it('cannot be created again', () => {
      given(history).when(createQrCode()).thenThrows(AlreadyExists);
    });

    it('is closed on demand at the time asked', () => {
      given(history)
        .when(closeQrCode())
        .then([{ type: 'QrCodeClosed', data: { reason: 'on_demand', closedAt: LATER } }]);
    });

    it('is credited with a UPI payment and stays open', () => {
      given(history)
        .when(recordQrPayment())
        .then([
          { type: 'QrCodeCredited', data: { paymentId: PAYMENT_ID, amount: PAYMENT_AMOUNT } },
        ]);
    });

    it('is credited with the smallest payment, 100', () => {
      given(history)
        .when(recordQrPayment({ amount: 100 }))
        .then([qrCodeCredited(PAYMENT_ID, 100)]);
    });

    it('refuses a payment below 100', () => {
      given(history)
        .when(recordQrPayment({ amount: 99 }))
        .thenThrows(invalid('amount', 'The amount must be at least 100.'));
    });

    it('refuses a card payment, being a UPI QR code', () => {
      given(history)
        .when(recordQrPayment({ method: 'card' }))
        .thenThrows(invalid('method', 'This QR code accepts only upi payments.'));
    });

    it('is never closed by the scheduler', () => {
      given(history)
        .when(expireQrCode(NOW + 3650 * DAY_MS))
        .thenNothingHappened();
    });
  });

  describe('when created as a Bharat QR code', () => {
    const history = [qrCodeCreated({ type: 'bharat_qr' })];

    it('is credited with a UPI payment', () => {
      given(history)
        .when(recordQrPayment({ method: 'upi' }))
        .then([qrCodeCredited()]);
    });

    it('is credited with a card payment', () => {
      given(history)
        .when(recordQrPayment({ method: 'card' }))
        .then([qrCodeCredited()]);
    });

    it('refuses a netbanking payment', () => {
      given(history)
        .when(recordQrPayment({ method: 'netbanking' }))
        .thenThrows(invalid('method', 'This QR code accepts only upi and card payments.'));
    });
  });

  describe('when paid once for multiple use', () => {
    const history = [qrCodeCreated(), qrCodeCredited()];

    it('is still active', () => {
      expect(fold(qrCodeDecider, history)).toEqual(fold(qrCodeDecider, [qrCodeCreated()]));
    });

    it('is credited with another payment', () => {
      given(history)
        .when(recordQrPayment({ paymentId: SECOND_PAYMENT_ID, amount: 20_000 }))
        .then([qrCodeCredited(SECOND_PAYMENT_ID, 20_000)]);
    });
  });

  describe('when created for multiple use with a fixed amount', () => {
    const history = [qrCodeCreated(fixedAmountTerms())];

    it('is credited with a payment of the fixed amount and stays open', () => {
      given(history).when(recordQrPayment()).then([qrCodeCredited()]);
    });

    it('refuses a payment of less than the fixed amount', () => {
      given(history)
        .when(recordQrPayment({ amount: PAYMENT_AMOUNT - 1 }))
        .thenThrows(invalid('amount', "The amount must be the QR code's payment_amount (50000)."));
    });

    it('refuses a payment of more than the fixed amount', () => {
      given(history)
        .when(recordQrPayment({ amount: PAYMENT_AMOUNT + 1 }))
        .thenThrows(invalid('amount', "The amount must be the QR code's payment_amount (50000)."));
    });
  });

  describe('when created for single use without close_by', () => {
    const history = [qrCodeCreated(singleUseTerms())];

    it('is credited and closed as paid by its payment', () => {
      given(history)
        .when(recordQrPayment())
        .then([
          { type: 'QrCodeCredited', data: { paymentId: PAYMENT_ID, amount: PAYMENT_AMOUNT } },
          { type: 'QrCodeClosed', data: { reason: 'paid', closedAt: LATER } },
        ]);
    });

    it('refuses a payment of another amount', () => {
      given(history)
        .when(recordQrPayment({ amount: 20_000 }))
        .thenThrows(invalid('amount'));
    });

    it('is closed on demand', () => {
      given(history)
        .when(closeQrCode())
        .then([qrCodeClosed('on_demand', LATER)]);
    });

    it('is not closed by the scheduler in the last millisecond of its 45 days', () => {
      given(history)
        .when(expireQrCode(LIFETIME_ENDS - 1))
        .thenNothingHappened();
    });

    it('is closed by the scheduler 45 days after its creation', () => {
      given(history)
        .when(expireQrCode(LIFETIME_ENDS))
        .then([{ type: 'QrCodeClosed', data: { reason: 'on_demand', closedAt: LIFETIME_ENDS } }]);
    });

    it('is closed by a late scheduler at the time it runs', () => {
      given(history)
        .when(expireQrCode(LIFETIME_ENDS + DAY_MS))
        .then([qrCodeClosed('on_demand', LIFETIME_ENDS + DAY_MS)]);
    });
  });

  describe('when created for single use with a close_by', () => {
    const closeBy = EARLIEST_CLOSE_BY + 3600;
    const history = [qrCodeCreated(singleUseTerms({ closeBy }))];

    it('is not closed by the scheduler a millisecond before close_by', () => {
      given(history)
        .when(expireQrCode(closeBy * 1000 - 1))
        .thenNothingHappened();
    });

    it('is closed by the scheduler at close_by', () => {
      given(history)
        .when(expireQrCode(closeBy * 1000))
        .then([qrCodeClosed('on_demand', closeBy * 1000)]);
    });

    it('is credited and closed as paid by a payment before close_by', () => {
      given(history)
        .when(recordQrPayment({ now: closeBy * 1000 - 1 }))
        .then([qrCodeCredited(), qrCodeClosed('paid', closeBy * 1000 - 1)]);
    });

    it('refuses a payment at close_by, before the scheduler closed it', () => {
      given(history)
        .when(recordQrPayment({ now: closeBy * 1000 }))
        .thenThrows(IllegalTransition);
    });
  });

  describe('when paid for single use', () => {
    const history = [qrCodeCreated(singleUseTerms()), qrCodeCredited(), qrCodeClosed('paid')];

    it('is closed', () => {
      expect(fold(qrCodeDecider, history)).toEqual({
        status: 'closed',
        terms: singleUseTerms(),
        createdAt: NOW,
      });
    });

    it('refuses another payment', () => {
      given(history)
        .when(recordQrPayment({ paymentId: SECOND_PAYMENT_ID }))
        .thenThrows(illegal('The QR code is closed and accepts no payments.'));
    });

    it('cannot be closed again', () => {
      given(history).when(closeQrCode()).thenThrows(illegal('The QR code is already closed.'));
    });

    it('is not closed again by the scheduler', () => {
      given(history).when(expireQrCode(LIFETIME_ENDS)).thenNothingHappened();
    });
  });

  describe('when closed on demand', () => {
    const history = [qrCodeCreated(), qrCodeClosed()];

    it('is closed', () => {
      expect(fold(qrCodeDecider, history)).toEqual({
        status: 'closed',
        terms: terms(),
        createdAt: NOW,
      });
    });

    it('cannot be closed again', () => {
      given(history)
        .when(closeQrCode(LATER + 1))
        .thenThrows(illegal('The QR code is already closed.'));
    });

    it('refuses a payment', () => {
      given(history)
        .when(recordQrPayment({ now: LATER + 1 }))
        .thenThrows(illegal('The QR code is closed and accepts no payments.'));
    });

    it('refuses a payment with a wrong method as closed first', () => {
      given(history)
        .when(recordQrPayment({ method: 'card', now: LATER + 1 }))
        .thenThrows(IllegalTransition);
    });

    it('cannot be created again', () => {
      given(history).when(createQrCode()).thenThrows(AlreadyExists);
    });
  });

  describe('when a single-use code was closed on demand', () => {
    it('is not closed again by the scheduler', () => {
      given([qrCodeCreated(singleUseTerms()), qrCodeClosed()])
        .when(expireQrCode(LIFETIME_ENDS))
        .thenNothingHappened();
    });
  });
});

describe('expiresAt', () => {
  it('is never for a multiple-use code', () => {
    expect(expiresAt({ terms: fixedAmountTerms(), createdAt: NOW })).toBeNull();
  });

  it('is close_by in milliseconds for a single-use code with one', () => {
    expect(
      expiresAt({ terms: singleUseTerms({ closeBy: EARLIEST_CLOSE_BY }), createdAt: NOW }),
    ).toBe(EARLIEST_CLOSE_BY * 1000);
  });

  it('is 45 days after its creation for a single-use code without close_by', () => {
    expect(expiresAt({ terms: singleUseTerms(), createdAt: NOW })).toBe(NOW + 45 * DAY_MS);
  });
});

describe('paymentProblem', () => {
  const active = fold(qrCodeDecider, [qrCodeCreated(fixedAmountTerms())]);

  it('is none for a payment the code takes', () => {
    expect(paymentProblem(active, { method: 'upi', amount: PAYMENT_AMOUNT, now: NOW })).toBeNull();
  });

  it('is a ValidationFailed on the amount for another amount', () => {
    expect(
      invalid(
        'amount',
        "The amount must be the QR code's payment_amount (50000).",
      )(paymentProblem(active, { method: 'upi', amount: PAYMENT_AMOUNT + 1, now: NOW })),
    ).toBe(true);
  });

  it('is an IllegalTransition for a closed code', () => {
    expect(
      paymentProblem(fold(qrCodeDecider, [qrCodeCreated(), qrCodeClosed()]), {
        method: 'upi',
        amount: PAYMENT_AMOUNT,
        now: NOW,
      }),
    ).toBeInstanceOf(IllegalTransition);
  });

  it('is thrown as NotFound for a code that does not exist', () => {
    expect(() =>
      paymentProblem(qrCodeDecider.initialState(), {
        method: 'upi',
        amount: PAYMENT_AMOUNT,
        now: NOW,
      }),
    ).toThrow(NotFound);
  });
});
