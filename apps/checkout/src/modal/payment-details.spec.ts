import type { MethodChoice } from '../options/display-config';
import { normaliseOptions } from '../options/normalise-options';
import {
  contactErrors,
  detailsFieldOf,
  initialValues,
  methodErrors,
  normaliseContact,
  paymentRequest,
  type DetailsValues,
} from './payment-details';

const optionsOf = (input: Record<string, unknown> = {}) =>
  normaliseOptions(
    { key: 'rzp_test_1', order_id: 'order_1', ...input },
    { prefersReducedMotion: false },
  ).options;

const choice = (
  method: MethodChoice['method'],
  more: Partial<MethodChoice> = {},
): MethodChoice => ({
  method,
  banks: null,
  wallets: null,
  networks: null,
  ...more,
});

const values = (more: Partial<DetailsValues> = {}): DetailsValues => ({
  ...initialValues(optionsOf()),
  contact: '98765 43210',
  email: 'gaurav@example.com',
  cardNumber: '4100 2800 0000 1007',
  expiry: '12 / 30',
  cvv: '123',
  cardName: 'Gaurav Kumar',
  ...more,
});

const now = new Date(2026, 0, 15);

describe('the contact details', () => {
  it('a phone number without a country code is India’s, as Razorpay’s checkout assumes', () => {
    expect(normaliseContact('98765 43210')).toBe('+919876543210');
    expect(normaliseContact('+44 20 7946 0958')).toBe('+442079460958');
    expect(normaliseContact('(020) 7946-0958')).toBe('+02079460958');
    expect(normaliseContact('12345')).toBeNull();
    expect(normaliseContact('call me')).toBeNull();
  });

  it('need a phone number and an email address, unless the merchant hides them', () => {
    expect(contactErrors(values({ contact: '', email: 'nope' }), optionsOf())).toEqual({
      contact: 'Enter a valid phone number.',
      email: 'Enter a valid email address.',
    });
    const hidden = optionsOf({ hidden: { contact: true, email: true } });
    expect(contactErrors(values({ contact: '', email: '' }), hidden)).toEqual({});
  });

  it('start from the prefill', () => {
    const options = optionsOf({
      prefill: {
        contact: '9876543210',
        email: 'a@b.co',
        name: 'A',
        vpa: 'a@upi',
        bank: 'HDFC',
        wallet: 'paytm',
      },
    });
    expect(initialValues(options)).toMatchObject({
      contact: '9876543210',
      email: 'a@b.co',
      cardName: 'A',
      vpa: 'a@upi',
      bank: 'HDFC',
      wallet: 'paytm',
    });
  });
});

describe("the method's details", () => {
  it('a good card has none', () => {
    expect(methodErrors(values(), choice('card'), now)).toEqual({});
  });

  it('a card number failing the Luhn check, a past or unreadable expiry, a short CVV', () => {
    expect(
      methodErrors(
        values({ cardNumber: '4100 2800 0000 1008', expiry: '12 / 25', cvv: '12' }),
        choice('card'),
        now,
      ),
    ).toEqual({
      cardNumber: 'Enter a valid card number.',
      expiry: 'This card has expired.',
      cvv: 'Enter the 3-digit CVV.',
    });
    expect(methodErrors(values({ expiry: '13/30' }), choice('card'), now)).toEqual({
      expiry: 'Enter the expiry as MM / YY.',
    });
  });

  it('an American Express card needs a 4-digit CVV', () => {
    expect(
      methodErrors(values({ cardNumber: '3402 560004 01007', cvv: '123' }), choice('card'), now),
    ).toEqual({ cvv: 'Enter the 4-digit CVV.' });
  });

  it("a merchant's block of certain networks takes only those", () => {
    const visaOnly = choice('card', { networks: ['Visa', 'MasterCard'] });
    expect(methodErrors(values({ cardNumber: '6527 6589 0000 1005' }), visaOnly, now)).toEqual({
      cardNumber: 'Only Visa, Mastercard cards are accepted here.',
    });
    expect(methodErrors(values(), visaOnly, now)).toEqual({});
  });

  it('UPI needs a UPI ID; netbanking a bank of the choice; a wallet one of the choice', () => {
    expect(methodErrors(values({ vpa: 'success@razorpay' }), choice('upi'), now)).toEqual({});
    expect(methodErrors(values({ vpa: 'not an id' }), choice('upi'), now)).toEqual({
      vpa: 'Enter a valid UPI ID, such as name@bank.',
    });
    expect(methodErrors(values({ bank: '' }), choice('netbanking'), now)).toEqual({
      bank: 'Choose your bank.',
    });
    expect(
      methodErrors(values({ bank: 'HDFC' }), choice('netbanking', { banks: ['UTIB'] }), now),
    ).toEqual({ bank: 'Choose your bank.' });
    expect(methodErrors(values({ wallet: 'paytm' }), choice('wallet'), now)).toEqual({});
    expect(methodErrors(values({ wallet: '' }), choice('wallet'), now)).toEqual({
      wallet: 'Choose a wallet.',
    });
  });
});

describe('the payment request', () => {
  it('a card: digits only, the expiry as numbers, the contact with its country code', () => {
    const request = paymentRequest(optionsOf({ notes: { shipping: 'express', gift: true } }), {
      values: values(),
      choice: choice('card'),
      amountToSend: null,
    });
    expect(request).toEqual({
      key_id: 'rzp_test_1',
      order_id: 'order_1',
      method: 'card',
      card: {
        number: '4100280000001007',
        name: 'Gaurav Kumar',
        expiry_month: 12,
        expiry_year: 2030,
        cvv: '123',
      },
      contact: '+919876543210',
      email: 'gaurav@example.com',
      notes: { shipping: 'express', gift: 'true' },
    });
  });

  it("a subscription's, with the merchant's customer and description", () => {
    const options = optionsOf({
      order_id: '',
      subscription_id: 'sub_1',
      customer_id: 'cust_1',
      description: 'Monthly plan',
    });
    const request = paymentRequest(options, {
      values: values({ vpa: ' success@razorpay ' }),
      choice: choice('upi'),
      amountToSend: null,
    });
    expect(request).toEqual({
      key_id: 'rzp_test_1',
      subscription_id: 'sub_1',
      method: 'upi',
      vpa: 'success@razorpay',
      contact: '+919876543210',
      email: 'gaurav@example.com',
      customer_id: 'cust_1',
      description: 'Monthly plan',
    });
  });

  it('a partial payment sends its amount; hidden contact details are the prefill', () => {
    const options = optionsOf({
      hidden: { contact: true, email: true },
      prefill: { contact: '+15550100', email: 'p@example.com' },
    });
    const request = paymentRequest(options, {
      values: values({ contact: '', email: '', bank: 'HDFC' }),
      choice: choice('netbanking'),
      amountToSend: 15000,
    });
    expect(request).toEqual({
      key_id: 'rzp_test_1',
      order_id: 'order_1',
      method: 'netbanking',
      bank: 'HDFC',
      amount: 15000,
      contact: '+15550100',
      email: 'p@example.com',
    });
  });

  it('a card without a name sends none', () => {
    const request = paymentRequest(optionsOf(), {
      values: values({ cardName: ' ' }),
      choice: choice('card'),
      amountToSend: null,
    });
    expect(request.card).not.toHaveProperty('name');
  });
});

describe('a field the API refused', () => {
  it('is the field it was typed in', () => {
    expect(detailsFieldOf('card[number]')).toBe('cardNumber');
    expect(detailsFieldOf('card[expiry_year]')).toBe('expiry');
    expect(detailsFieldOf('contact')).toBe('contact');
    expect(detailsFieldOf('order_id')).toBeNull();
    expect(detailsFieldOf(undefined)).toBeNull();
  });
});
