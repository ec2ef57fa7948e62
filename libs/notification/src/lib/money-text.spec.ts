import { formatAmount } from './money-text';

describe('amounts in messages and pages', () => {
  it.each([
    [0, 'INR', '₹0.00'],
    [5, 'INR', '₹0.05'],
    [118050, 'INR', '₹1,180.50'],
    [1234567890, 'INR', '₹1,23,45,678.90'],
    [123456789, 'USD', 'USD 1,234,567.89'],
    [-250, 'INR', '-₹2.50'],
  ])('shows %d %s as %s', (minor, currency, shown) => {
    expect(formatAmount(minor, currency)).toBe(shown);
  });
});
