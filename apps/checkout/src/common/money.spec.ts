import { SUPPORTED_CURRENCIES } from '@platform/http';
import { amountProblem, CURRENCIES, formatAmount, parseAmount, toMajorText } from './money';

describe('money', () => {
  it('knows every currency the platform accepts', () => {
    expect(Object.keys(CURRENCIES).sort()).toEqual([...SUPPORTED_CURRENCIES].sort());
  });

  describe('formatAmount', () => {
    it.each([
      [50000, 'INR', '₹500.00'],
      [1, 'INR', '₹0.01'],
      [29, 'INR', '₹0.29'],
      [123456, 'INR', '₹1,234.56'],
      [10000000, 'INR', '₹1,00,000.00'],
      [12345678901, 'INR', '₹12,34,56,789.01'],
      [123456789, 'USD', '$1,234,567.89'],
      [-50, 'EUR', '−€0.50'],
      [100, 'XYZ', 'XYZ 1.00'],
    ])('%p %s → %s', (amount, currency, text) => {
      expect(formatAmount(amount, currency)).toBe(text);
    });
  });

  it('toMajorText gives an input value', () => {
    expect(toMajorText(50000)).toBe('500.00');
    expect(toMajorText(5)).toBe('0.05');
  });

  describe('parseAmount', () => {
    it.each([
      ['500', 50000],
      ['500.5', 50050],
      ['500.05', 50005],
      ['1,234.56', 123456],
      ['₹ 500.00', 50000],
      [' 0.29 ', 29],
      ['.5', 50],
      ['500.', 50000],
    ])('%p → %p', (text, amount) => {
      expect(parseAmount(text)).toBe(amount);
    });

    it.each([[''], ['abc'], ['-5'], ['5.001'], ['1e3'], ['5..0'], ['12345678901234']])(
      '%p is not an amount',
      (text) => {
        expect(parseAmount(text)).toBeNull();
      },
    );
  });

  describe("the amount option's rule", () => {
    it('integer minor units at least the minimum pass', () => {
      expect(amountProblem(100, 'INR')).toBeNull();
      expect(amountProblem('50000', 'INR')).toBeNull();
      expect(amountProblem(50, 'USD')).toBeNull();
    });

    it("gives Razorpay's message otherwise", () => {
      const inr = 'should be passed in integer paise. Minimum value is 100 paise, i.e. ₹ 1';
      expect(amountProblem(99, 'INR')).toBe(inr);
      expect(amountProblem('12.5', 'INR')).toBe(inr);
      expect(amountProblem('abc', 'INR')).toBe(inr);
      expect(amountProblem(NaN, 'INR')).toBe(inr);
      expect(amountProblem(49, 'USD')).toBe(
        'should be passed in integer cent. Minimum value is 50 cent, i.e. $ 0.50',
      );
    });
  });
});
