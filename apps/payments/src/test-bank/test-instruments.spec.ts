import { NETBANKING_BANKS, WALLETS } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import type { PaymentError } from '../payment/payment.events';
import { checkoutOutcome, networkOf, passesLuhn, TEST_CARDS } from './test-instruments';
import type { CardInput, InstrumentInput } from '../acquirer/acquirer';
import type { CheckoutOutcome } from './test-instruments';

/** 2023-11-14T22:13:20Z. */
const NOW = 1_700_000_000_000;

const NOTHING: CheckoutOutcome = {
  card: null,
  bank: null,
  wallet: null,
  vpa: null,
  international: false,
  disputeAfterCapture: false,
  error: null,
};

const DECLINED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description:
    'Your payment has been declined by your bank. Try another card or contact your bank.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
};

const UPI_FAILED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The UPI payment failed: the customer did not approve it in their UPI app.',
  source: 'customer',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

function card(overrides: Partial<CardInput> = {}): InstrumentInput {
  return {
    method: 'card',
    card: {
      number: '4111111111111111',
      name: 'Gaurav Kumar',
      expiry_month: 12,
      expiry_year: 2030,
      cvv: '123',
      ...overrides,
    },
  };
}

/** The field the instrument is refused for (ValidationFailed), or undefined when it is accepted. */
function refusal(input: InstrumentInput, now = NOW): string | undefined {
  try {
    checkoutOutcome(input, now);
  } catch (error) {
    if (error instanceof ValidationFailed) return error.field;
    throw error;
  }
  return undefined;
}

describe('checkoutOutcome', () => {
  describe('with a test card', () => {
    // The outcome each test card's label documents.
    const documented: Record<
      string,
      Pick<
        NonNullable<CheckoutOutcome['card']>,
        'last4' | 'network' | 'type' | 'issuer' | 'international' | 'emi'
      > &
        Pick<CheckoutOutcome, 'disputeAfterCapture' | 'error'>
    > = {
      '4111111111111111': {
        last4: '1111',
        network: 'Visa',
        type: 'credit',
        issuer: 'HDFC',
        international: false,
        emi: true,
        disputeAfterCapture: false,
        error: null,
      },
      '5267318187975449': {
        last4: '5449',
        network: 'MasterCard',
        type: 'debit',
        issuer: 'ICIC',
        international: false,
        emi: false,
        disputeAfterCapture: false,
        error: null,
      },
      '6521000000000007': {
        last4: '0007',
        network: 'RuPay',
        type: 'debit',
        issuer: 'SBIN',
        international: false,
        emi: false,
        disputeAfterCapture: false,
        error: null,
      },
      '378282246310005': {
        last4: '0005',
        network: 'American Express',
        type: 'credit',
        issuer: null,
        international: false,
        emi: true,
        disputeAfterCapture: false,
        error: null,
      },
      '4012888888881881': {
        last4: '1881',
        network: 'Visa',
        type: 'credit',
        issuer: null,
        international: true,
        emi: true,
        disputeAfterCapture: false,
        error: null,
      },
      '4000000000000002': {
        last4: '0002',
        network: 'Visa',
        type: 'credit',
        issuer: 'HDFC',
        international: false,
        emi: true,
        disputeAfterCapture: false,
        error: DECLINED,
      },
      '4000000000000259': {
        last4: '0259',
        network: 'Visa',
        type: 'credit',
        issuer: 'HDFC',
        international: false,
        emi: true,
        disputeAfterCapture: true,
        error: null,
      },
    };

    it('keeps every card the simulator took before Razorpay’s current ones were added', () => {
      const numbers = TEST_CARDS.map((testCard) => testCard.number);
      expect(Object.keys(documented).filter((number) => !numbers.includes(number))).toEqual([]);
    });

    it.each(TEST_CARDS.map((testCard) => [testCard.label, testCard.number]))(
      '%s: passes the Luhn check',
      (_label, number) => {
        expect(passesLuhn(number)).toBe(true);
      },
    );

    it.each(Object.keys(documented).map((number) => [number, number]))(
      '%s: gives its documented outcome',
      (_label, number) => {
        const { disputeAfterCapture, error, ...stored } = documented[number];
        const cvv = stored.network === 'American Express' ? '1234' : '123';
        expect(checkoutOutcome(card({ number, cvv }), NOW)).toEqual({
          card: { name: 'Gaurav Kumar', ...stored, subType: 'customer' },
          bank: null,
          wallet: null,
          vpa: null,
          international: stored.international,
          disputeAfterCapture,
          error,
        });
      },
    );

    it('declines the declined card with the error checkout reports', () => {
      expect(checkoutOutcome(card({ number: '4000000000000002' }), NOW).error).toEqual(DECLINED);
    });

    it('marks the payment of the disputed card to be disputed after capture, and authorizes it', () => {
      expect(checkoutOutcome(card({ number: '4000000000000259' }), NOW)).toMatchObject({
        disputeAfterCapture: true,
        error: null,
      });
    });

    it('marks the payment of the card issued abroad as international', () => {
      expect(checkoutOutcome(card({ number: '4012888888881881' }), NOW)).toMatchObject({
        international: true,
        card: { international: true },
      });
    });

    it('stores last4 as a string, never the number or the CVV', () => {
      const outcome = checkoutOutcome(card({ number: '378282246310005', cvv: '9876' }), NOW);
      expect(outcome.card?.last4).toBe('0005');
      expect(JSON.stringify(outcome)).not.toContain('378282246310005');
      expect(JSON.stringify(outcome)).not.toContain('9876');
    });

    it('reads a number written with spaces', () => {
      expect(checkoutOutcome(card({ number: '4111 1111 1111 1111' }), NOW).card).toMatchObject({
        last4: '1111',
        network: 'Visa',
        issuer: 'HDFC',
      });
    });

    it('stores no name when none is given', () => {
      expect(checkoutOutcome(card({ name: undefined }), NOW).card?.name).toBeNull();
    });
  });

  describe('with another Luhn-valid card', () => {
    it('is authorized as a customer credit card of the network its prefix says', () => {
      expect(checkoutOutcome(card({ number: '5425233430109903' }), NOW)).toEqual({
        ...NOTHING,
        card: {
          name: 'Gaurav Kumar',
          last4: '9903',
          network: 'MasterCard',
          type: 'credit',
          issuer: null,
          international: false,
          emi: true,
          subType: 'customer',
        },
      });
    });

    it('asks an American Express number for a 4-digit CVV', () => {
      expect(
        checkoutOutcome(card({ number: '371449635398431', cvv: '1234' }), NOW).card?.network,
      ).toBe('American Express');
      expect(refusal(card({ number: '371449635398431', cvv: '123' }))).toBe('card.cvv');
    });

    it('accepts 12 digits', () => {
      expect(checkoutOutcome(card({ number: '000000000000' }), NOW).card).toMatchObject({
        last4: '0000',
        network: 'Unknown',
      });
    });
  });

  describe('with a bad card', () => {
    it('refuses a number that fails the Luhn check', () => {
      expect(refusal(card({ number: '4111111111111112' }))).toBe('card.number');
    });

    it('refuses a number with other characters than digits and spaces', () => {
      expect(refusal(card({ number: '4111-1111-1111-1111' }))).toBe('card.number');
    });

    it('refuses a Luhn-valid number of fewer than 12 digits', () => {
      expect(refusal(card({ number: '79927398713' }))).toBe('card.number');
    });

    it('refuses a Luhn-valid number of more than 19 digits', () => {
      expect(refusal(card({ number: '0'.repeat(20) }))).toBe('card.number');
    });

    it('refuses a 4-digit CVV on a card other than American Express', () => {
      expect(refusal(card({ cvv: '1234' }))).toBe('card.cvv');
    });

    it('refuses a 3-digit CVV on an American Express card', () => {
      expect(refusal(card({ number: '378282246310005', cvv: '123' }))).toBe('card.cvv');
    });

    it('refuses a CVV that is not digits', () => {
      expect(refusal(card({ cvv: '12a' }))).toBe('card.cvv');
    });

    it('refuses a card without a card', () => {
      expect(refusal({ method: 'card', vpa: 'success@razorpay' })).toBe('card');
    });
  });

  describe('with an expiry date', () => {
    // NOW is in November 2023.
    it('accepts a card expiring this month', () => {
      expect(refusal(card({ expiry_month: 11, expiry_year: 2023 }))).toBeUndefined();
    });

    it('refuses a card that expired last month', () => {
      expect(refusal(card({ expiry_month: 10, expiry_year: 2023 }))).toBe('card.expiry_year');
    });

    it('refuses a card that expired last year, whatever the month', () => {
      expect(refusal(card({ expiry_month: 12, expiry_year: 2022 }))).toBe('card.expiry_year');
    });

    it('accepts a card expiring early next year', () => {
      expect(refusal(card({ expiry_month: 1, expiry_year: 2024 }))).toBeUndefined();
    });

    it('reads two-digit years as 20xx', () => {
      expect(refusal(card({ expiry_month: 11, expiry_year: 23 }))).toBeUndefined();
      expect(refusal(card({ expiry_month: 10, expiry_year: 23 }))).toBe('card.expiry_year');
    });

    it('takes the time from its now argument, not the clock', () => {
      expect(refusal(card({ expiry_month: 12, expiry_year: 2030 }), Date.UTC(2031, 0, 1))).toBe(
        'card.expiry_year',
      );
      expect(
        refusal(card({ expiry_month: 12, expiry_year: 2000 }), Date.UTC(2000, 11, 15)),
      ).toBeUndefined();
    });

    it('accepts the card through the last millisecond of its expiry month', () => {
      expect(
        refusal(
          card({ expiry_month: 11, expiry_year: 2023 }),
          Date.UTC(2023, 10, 30, 23, 59, 59, 999),
        ),
      ).toBeUndefined();
    });

    it('refuses the card from the first moment of the next month', () => {
      expect(refusal(card({ expiry_month: 11, expiry_year: 2023 }), Date.UTC(2023, 11, 1))).toBe(
        'card.expiry_year',
      );
    });
  });

  describe('with UPI', () => {
    it('authorizes success@razorpay', () => {
      expect(checkoutOutcome({ method: 'upi', vpa: 'success@razorpay' }, NOW)).toEqual({
        ...NOTHING,
        vpa: 'success@razorpay',
      });
    });

    it('fails failure@razorpay with the error checkout reports', () => {
      expect(checkoutOutcome({ method: 'upi', vpa: 'failure@razorpay' }, NOW)).toEqual({
        ...NOTHING,
        vpa: 'failure@razorpay',
        error: UPI_FAILED,
      });
    });

    it('reads the vpa in lower case', () => {
      expect(checkoutOutcome({ method: 'upi', vpa: 'Failure@Razorpay' }, NOW)).toEqual({
        ...NOTHING,
        vpa: 'failure@razorpay',
        error: UPI_FAILED,
      });
    });

    it('authorizes any other well-formed vpa', () => {
      expect(checkoutOutcome({ method: 'upi', vpa: 'gaurav.kumar-1@okhdfc' }, NOW)).toEqual({
        ...NOTHING,
        vpa: 'gaurav.kumar-1@okhdfc',
      });
    });

    it.each([
      'gaurav',
      'gaurav@',
      '@razorpay',
      'g@razorpay',
      'gaurav@r',
      'gaurav@1bank',
      'gau rav@razorpay',
      'gaurav@razor@pay',
    ])('refuses the malformed vpa %p', (vpa) => {
      expect(refusal({ method: 'upi', vpa })).toBe('vpa');
    });

    it('refuses UPI without a vpa', () => {
      expect(refusal({ method: 'upi' })).toBe('vpa');
    });
  });

  // Netbanking and wallets work alike: a known code of the method's list, read in its case.
  describe.each([
    {
      method: 'netbanking' as const,
      field: 'bank' as const,
      codes: NETBANKING_BANKS,
      known: ['HDFC', 'ICIC', 'SBIN', 'UTIB', 'KKBK', 'YESB', 'PUNB', 'BARB'],
      written: { as: 'utib', read: 'UTIB', case: 'upper' },
      unknown: 'ABCD',
      without: {},
    },
    {
      method: 'wallet' as const,
      field: 'wallet' as const,
      codes: WALLETS,
      known: [
        'paytm',
        'phonepe',
        'amazonpay',
        'freecharge',
        'mobikwik',
        'airtelmoney',
        'jiomoney',
        'olamoney',
      ],
      written: { as: 'PhonePe', read: 'phonepe', case: 'lower' },
      unknown: 'googlepay',
      without: { bank: 'HDFC' },
    },
  ])('with $method', ({ method, field, codes, known, written, unknown, without }) => {
    it.each([...codes])(`authorizes the ${field} %s`, (code) => {
      expect(checkoutOutcome({ method, [field]: code }, NOW)).toEqual({
        ...NOTHING,
        [field]: code,
      });
    });

    it(`knows the eight ${field === 'bank' ? 'banks' : 'wallets'}`, () => {
      expect([...codes]).toEqual(known);
    });

    it(`reads the ${field} in ${written.case} case`, () => {
      expect(checkoutOutcome({ method, [field]: written.as }, NOW)).toEqual({
        ...NOTHING,
        [field]: written.read,
      });
    });

    it(`refuses an unknown ${field}`, () => {
      expect(refusal({ method, [field]: unknown })).toBe(field);
    });

    it(`refuses ${method} without a ${field}`, () => {
      expect(refusal({ method, ...without })).toBe(field);
    });
  });

  it('says which field is missing and for which method', () => {
    expect(() => checkoutOutcome({ method: 'upi' }, NOW)).toThrow(
      'The vpa field is required when method is upi.',
    );
  });
});

describe('passesLuhn', () => {
  it('accepts a number whose checksum is a multiple of 10', () => {
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('refuses a number with a wrong check digit', () => {
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('doubles every second digit from the right (a doubled digit above 9 counts its digits)', () => {
    expect(passesLuhn('59')).toBe(true); // 5 doubled is 10 → 1; 1 + 9 = 10
    expect(passesLuhn('95')).toBe(false); // 9 doubled is 18 → 9; 9 + 5 = 14
  });
});

describe('networkOf', () => {
  it.each([
    ['34', 'American Express'],
    ['37', 'American Express'],
    ['36', 'Diners Club'],
    ['38', 'Diners Club'],
    ['300', 'Diners Club'],
    ['305', 'Diners Club'],
    ['508', 'RuPay'],
    ['60', 'RuPay'],
    ['65', 'RuPay'],
    ['81', 'RuPay'],
    ['82', 'RuPay'],
    ['51', 'MasterCard'],
    ['55', 'MasterCard'],
    ['2221', 'MasterCard'],
    ['2300', 'MasterCard'],
    ['2699', 'MasterCard'],
    ['2710', 'MasterCard'],
    ['2720', 'MasterCard'],
    ['50', 'Maestro'],
    ['56', 'Maestro'],
    ['59', 'Maestro'],
    ['63', 'Maestro'],
    ['67', 'Maestro'],
    ['4', 'Visa'],
    ['306', 'Unknown'],
    ['35', 'Unknown'],
    ['2721', 'Unknown'],
    ['2100', 'Unknown'],
    ['1', 'Unknown'],
    ['9', 'Unknown'],
  ])('takes %s… for %s', (prefix, network) => {
    expect(networkOf(`${prefix}${'0'.repeat(16 - prefix.length)}`)).toBe(network);
  });

  it('takes 2220… for Unknown, just below the MasterCard 2-series', () => {
    expect(networkOf('2220000000000000')).toBe('Unknown');
  });
});
