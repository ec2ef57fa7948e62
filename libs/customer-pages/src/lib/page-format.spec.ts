import { escapeHtml, formatTime, majorUnits } from './page-format';

describe('the receipt page’s formatting', () => {
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
