import { formatAmount, parseAmount, wholeMajorUnits } from './money';

describe('formatAmount', () => {
  it('splits paise from rupees exactly, where a float division would not', () => {
    expect(formatAmount(29)).toBe('₹0.29');
    expect(formatAmount(100)).toBe('₹1.00');
    expect(formatAmount(123456)).toBe('₹1,234.56');
  });

  it('groups rupees the Indian way (lakhs and crores)', () => {
    expect(formatAmount(50_000_000_00)).toBe('₹5,00,00,000.00');
  });

  it('groups other currencies in thousands and marks negatives', () => {
    expect(formatAmount(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatAmount(-5005, 'INR')).toBe('−₹50.05');
    expect(formatAmount(700, 'AED')).toBe('AED 7.00');
  });
});

describe('parseAmount', () => {
  it('reads rupees and paise as typed into paise', () => {
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('1,234.5')).toBe(123450);
    expect(parseAmount('0.07')).toBe(7);
  });

  it('refuses anything that is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('wholeMajorUnits', () => {
  it('keeps the rupees of an amount', () => {
    expect(wholeMajorUnits(123456)).toBe(1234);
  });
});
