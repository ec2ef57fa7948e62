import { escapeHtml, formatAmount, formatTime, majorUnits } from './page-format';

describe('the receipt page’s formatting', () => {
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

  it.each([
    [50000, '500.00'],
    [5, '0.05'],
    [123456789, '1234567.89'],
  ])('writes %d as %s, the amount a customer types', (minor, typed) => {
    expect(majorUnits(minor)).toBe(typed);
  });

  it('shows times in India Standard Time', () => {
    expect(formatTime(1_736_937_000)).toBe('2025-01-15 16:00 IST');
  });

  it('escapes markup', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;',
    );
  });
});
