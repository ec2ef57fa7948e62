import { ValidationFailed } from '@platform/domain-kit';
import type { Authorization, Begun, InstrumentInput } from '../acquirer/acquirer';
import {
  CUSTOMER_APPROVES,
  INCORRECT_OTP,
  PAGE_FAILED,
  TestBank,
  testBankPending,
  testBankReferences,
} from './test-bank';
import { CARD_ERRORS, DECLINED, TEST_CARDS, UPI_FAILED } from './test-instruments';

const NOW = 1_700_000_000_000;
const PAYMENT_ID = 'pay_TestBank000001';
const bank = new TestBank();

const attempt = (instrument: InstrumentInput) => ({
  paymentId: PAYMENT_ID,
  amount: 50000,
  currency: 'INR',
  instrument,
  capture: false,
  now: NOW,
});

const card = (number: string, cvv = '123'): InstrumentInput => ({
  method: 'card',
  card: { number, name: 'Gaurav Kumar', expiry_month: 12, expiry_year: 2035, cvv },
});

async function challenged(instrument: InstrumentInput) {
  const begun = await bank.begin(attempt(instrument));
  if (!('challenge' in begun)) throw new Error('decided at once');
  return begun;
}

const answer = async (instrument: InstrumentInput, response: Record<string, unknown>) =>
  bank.answer(PAYMENT_ID, (await challenged(instrument)).challenge.pending, response);

const reasonOf = (authorization: Authorization) =>
  authorization.authorized ? 'authorized' : authorization.error.reason;

/** Razorpay's current test cards (its test-card page) and what each must give once the OTP is answered. */
const RAZORPAY_CARDS: [string, string, boolean, string][] = [
  ['4100280000001007', 'Visa', false, 'authorized'],
  ['5500670000001002', 'MasterCard', false, 'authorized'],
  ['6527658900001005', 'RuPay', false, 'authorized'],
  ['36082800091007', 'Diners Club', false, 'authorized'],
  ['340256000401007', 'American Express', false, 'authorized'],
  ['5555555555554444', 'MasterCard', true, 'authorized'],
  ['5105105105105100', 'MasterCard', true, 'authorized'],
  ['5104060000000008', 'MasterCard', true, 'authorized'],
  ['4012888888881881', 'Visa', true, 'authorized'],
  ['4718609108204366', 'Visa', false, 'authorized'],
  ['5104015555555558', 'MasterCard', true, 'authorized'],
  ['5241810000000000', 'MasterCard', false, 'authorized'],
  ['4100280000090000', 'Visa', false, 'payment_timed_out'],
  ['5305620000060000', 'MasterCard', false, 'payment_timed_out'],
  ['4100280000080001', 'Visa', false, 'insufficient_fund'],
  ['5305620000050001', 'MasterCard', false, 'insufficient_fund'],
  ['4100280000070002', 'Visa', false, 'payment_cancelled'],
  ['5305620000040002', 'MasterCard', false, 'payment_cancelled'],
  ['4100280000060003', 'Visa', false, 'card_declined'],
  ['5305620000030003', 'MasterCard', false, 'card_declined'],
  ['4100280000050004', 'Visa', false, 'card_declined'],
  ['5305620000020004', 'MasterCard', false, 'card_declined'],
  ['4100280000040005', 'Visa', false, 'card_declined'],
  ['5305620000010005', 'MasterCard', false, 'card_declined'],
  ['4100280000030006', 'Visa', false, 'card_disabled_for_online_payments'],
  ['5305620000000006', 'MasterCard', false, 'card_disabled_for_online_payments'],
  ['4100280000010008', 'Visa', false, 'card_number_invalid'],
  ['5305620000080008', 'MasterCard', false, 'card_number_invalid'],
  ['4100280000020007', 'Visa', false, 'gateway_technical_error'],
  ['5305620000090007', 'MasterCard', false, 'gateway_technical_error'],
  ['4100280000000009', 'Visa', false, 'authentication_failed'],
  ['5305620000070009', 'MasterCard', false, 'authentication_failed'],
];

describe('the test bank', () => {
  describe('with a card', () => {
    it.each(RAZORPAY_CARDS)(
      '%s (%s): its network and outcome once a valid OTP is answered',
      async (number, network, international, outcome) => {
        const cvv = network === 'American Express' ? '1234' : '123';
        const begun = await challenged(card(number, cvv));
        expect(begun.instrument.card).toMatchObject({
          network,
          international,
          last4: number.slice(-4),
        });
        expect(
          reasonOf(await bank.answer(PAYMENT_ID, begun.challenge.pending, { otp: '1234' })),
        ).toBe(outcome);
      },
    );

    it('lists every one of Razorpay’s current test cards', () => {
      const listed = TEST_CARDS.map((testCard) => testCard.number);
      expect(RAZORPAY_CARDS.filter(([number]) => !listed.includes(number))).toEqual([]);
    });

    it('gives each error card Razorpay’s exact description and code', async () => {
      expect(await answer(card('4100280000080001'), { otp: '1234' })).toEqual({
        authorized: false,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description:
            'Your payment could not be completed due to insufficient account balance. Try another card or payment method.',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'insufficient_fund',
        },
      });
      expect(await answer(card('4100280000000009'), { otp: '1234' })).toEqual({
        authorized: false,
        error: CARD_ERRORS.authenticationFailed,
      });
      expect(CARD_ERRORS.authenticationFailed.code).toBe('GATEWAY_ERROR');
    });

    it('declines the platform’s declining card after its OTP, as the simulator always did', async () => {
      expect(await answer(card('4000000000000002'), { otp: '1234' })).toEqual({
        authorized: false,
        error: DECLINED,
      });
    });

    it('asks for an OTP at the gateway’s test bank page of the payment', async () => {
      const { challenge } = await challenged(card('4111111111111111'));
      expect(challenge.url).toBe(`/v1/checkout/test-bank/${PAYMENT_ID}`);
      expect(testBankPending(challenge.pending)).toEqual({ page: 'otp', decline: null });
    });

    it.each(['1234', '12345', '123456789', '1234567890'])(
      'authorizes with an OTP of 4 to 10 digits (%s)',
      async (otp) => {
        expect(await answer(card('4111111111111111'), { otp })).toEqual({
          authorized: true,
          references: testBankReferences('card', PAYMENT_ID),
        });
      },
    );

    it.each(['', '1', '123', '12345678901', 'abcd'])(
      'fails an OTP that is not 4 to 10 digits (%p) with Razorpay’s incorrect OTP error',
      async (otp) => {
        expect(await answer(card('4111111111111111'), { otp })).toEqual({
          authorized: false,
          error: INCORRECT_OTP,
        });
      },
    );

    it('fails an error card with an incorrect OTP for the OTP, not for its own reason', async () => {
      expect(reasonOf(await answer(card('4100280000080001'), { otp: '12' }))).toBe(
        INCORRECT_OTP.reason,
      );
    });

    it('refuses an answer without an otp, naming the field', async () => {
      await expect(answer(card('4111111111111111'), {})).rejects.toMatchObject({
        field: 'otp',
      });
    });

    it('keeps neither the number nor the CVV in what it begins or answers', async () => {
      const number = '4100280000080001';
      const begun = await challenged(card(number, '987'));
      const answered = await bank.answer(PAYMENT_ID, begun.challenge.pending, { otp: '1234' });
      for (const kept of [JSON.stringify(begun), JSON.stringify(answered)]) {
        expect(kept).not.toContain(number);
        expect(kept).not.toContain('987');
      }
    });

    it('refuses a number that is in no list and fails the Luhn check', async () => {
      await expect(bank.begin(attempt(card('4111111111111112')))).rejects.toBeInstanceOf(
        ValidationFailed,
      );
    });
  });

  describe('with UPI, decided at once', () => {
    const upi = (vpa: string): InstrumentInput => ({ method: 'upi', vpa });
    const decided = async (vpa: string) => {
      const begun: Begun = await bank.begin(attempt(upi(vpa)));
      if (!('decided' in begun)) throw new Error('challenged');
      return begun;
    };

    it('authorizes success@razorpay with its references', async () => {
      expect((await decided('success@razorpay')).decided).toEqual({
        authorized: true,
        references: testBankReferences('upi', PAYMENT_ID),
      });
    });

    it('fails failure@razorpay', async () => {
      expect((await decided('failure@razorpay')).decided).toEqual({
        authorized: false,
        error: UPI_FAILED,
      });
    });

    it('records the vpa', async () => {
      expect((await decided('Success@Razorpay')).instrument.vpa).toBe('success@razorpay');
    });
  });

  describe.each([
    ['netbanking', { method: 'netbanking', bank: 'HDFC' }, 'bank'],
    ['wallet', { method: 'wallet', wallet: 'paytm' }, 'wallet'],
  ] as const)('with %s', (method, instrument, page) => {
    it('sends the customer to a page with Success and Failure', async () => {
      expect(testBankPending((await challenged(instrument)).challenge.pending)).toEqual({
        page,
        decline: null,
      });
    });

    it('authorizes on Success', async () => {
      expect(await answer(instrument, { outcome: 'success' })).toEqual({
        authorized: true,
        references: testBankReferences(method, PAYMENT_ID),
      });
    });

    it('fails on Failure', async () => {
      expect(await answer(instrument, { outcome: 'failure' })).toEqual({
        authorized: false,
        error: PAGE_FAILED,
      });
    });

    it('refuses any other outcome, naming the field', async () => {
      await expect(answer(instrument, { outcome: 'maybe' })).rejects.toMatchObject({
        field: 'outcome',
      });
    });
  });

  it("authorizes a saved instrument's charge at once (a subscription's cycle), with the method's references", async () => {
    const instrument = {
      card: null,
      bank: null,
      wallet: null,
      vpa: 'success@razorpay',
      international: false,
      disputeAfterCapture: false,
    };
    const charge = { paymentId: PAYMENT_ID, amount: 49900, currency: 'INR', capture: true, now: 0 };
    expect(await bank.chargeSaved({ ...charge, method: 'upi', instrument })).toEqual({
      authorized: true,
      references: testBankReferences('upi', PAYMENT_ID),
    });
  });

  it('answers a customer who says yes on every page', async () => {
    for (const instrument of [
      card('4111111111111111'),
      { method: 'netbanking', bank: 'SBIN' } as const,
      { method: 'wallet', wallet: 'phonepe' } as const,
    ])
      expect((await answer(instrument, CUSTOMER_APPROVES)).authorized).toBe(true);
  });

  it('gives the same references for the same payment or refund, and others for another', async () => {
    expect(testBankReferences('card', PAYMENT_ID)).toEqual(testBankReferences('card', PAYMENT_ID));
    expect(testBankReferences('card', PAYMENT_ID)).not.toEqual(
      testBankReferences('card', 'pay_Another0000001'),
    );
    const refund = {
      refundId: 'rfnd_Test00000001',
      paymentId: PAYMENT_ID,
      amount: 100,
      currency: 'INR',
    };
    const arn = (await bank.refund(refund))['arn'];
    expect(arn).toMatch(/^\d{23}$/);
    expect((await bank.refund(refund))['arn']).toBe(arn);
    const capture = { paymentId: PAYMENT_ID, amount: 100, currency: 'INR' };
    expect(await bank.capture(capture)).toEqual(await bank.capture(capture));
  });

  it('refuses pending data that is not its own', () => {
    expect(() => testBankPending({ token: 'x' })).toThrow();
  });
});
