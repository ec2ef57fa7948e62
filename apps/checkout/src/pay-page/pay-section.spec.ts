import { amountToPay, hasMovedOn, readPaySection } from './pay-section';

const invoice = {
  entityId: 'inv_1',
  kind: 'invoice',
  currency: 'INR',
  amountDue: '50000',
  partial: 'true',
  minAmount: '10000',
  name: 'Invoice #12',
};

describe('the pay section of an invoice or subscription page', () => {
  it('reads its data attributes', () => {
    expect(readPaySection(invoice)).toEqual({
      entityId: 'inv_1',
      kind: 'invoice',
      currency: 'INR',
      amountDue: 50000,
      partial: true,
      minAmount: 10000,
      name: 'Invoice #12',
    });
  });

  it('reads a payment link’s', () => {
    expect(readPaySection({ ...invoice, entityId: 'plink_1', kind: 'payment_link' })?.kind).toBe(
      'payment_link',
    );
  });

  it('is not a payment without an id, a kind or an amount due', () => {
    expect(readPaySection({ ...invoice, entityId: '' })).toBeNull();
    expect(readPaySection({ ...invoice, kind: 'bill' })).toBeNull();
    expect(readPaySection({ ...invoice, amountDue: '500.00' })).toBeNull();
  });

  it('has moved on once the page counts a payment: no pay section, or another amount due', () => {
    const before = readPaySection(invoice)!;
    expect(hasMovedOn(before, null)).toBe(true);
    expect(hasMovedOn(before, readPaySection({ ...invoice, amountDue: '30000' }))).toBe(true);
    expect(hasMovedOn(before, readPaySection(invoice))).toBe(false);
  });

  it('a remainder below the usual minimum can still be paid', () => {
    expect(readPaySection({ ...invoice, amountDue: '5000' })?.minAmount).toBe(5000);
    expect(readPaySection({ ...invoice, minAmount: undefined })?.minAmount).toBe(100);
  });

  describe('the amount to pay', () => {
    const section = readPaySection(invoice)!;

    it('is the amount due when the invoice takes no partial payments, whatever is typed', () => {
      expect(amountToPay({ ...section, partial: false }, '1')).toEqual({ amount: 50000 });
    });

    it('is what the customer typed, read exactly', () => {
      expect(amountToPay(section, '250.29')).toEqual({ amount: 25029 });
      expect(amountToPay(section, '500')).toEqual({ amount: 50000 });
      expect(amountToPay(section, '100.00')).toEqual({ amount: 10000 });
    });

    it('is refused below the minimum, above the amount due, or when it is not an amount', () => {
      expect(amountToPay(section, '99.99')).toEqual({
        problem: 'The amount must be at least ₹100.00.',
      });
      expect(amountToPay(section, '500.01')).toEqual({
        problem: 'The amount can be at most ₹500.00, the amount due.',
      });
      expect(amountToPay(section, 'five')).toEqual({
        problem: 'Enter the amount to pay, such as 500.00.',
      });
      expect(amountToPay(section, '0')).toEqual({
        problem: 'Enter the amount to pay, such as 500.00.',
      });
    });
  });
});
