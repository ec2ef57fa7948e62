import { cycleBoundary } from './billing-cycle';

const DAY = 86_400_000;
const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number): string => new Date(ms).toISOString();

describe('cycleBoundary', () => {
  it('is the anchor itself after no cycles', () => {
    const anchor = at('2024-01-31T10:30:00.000Z');
    expect(cycleBoundary(anchor, { period: 'monthly', interval: 1 }, 0)).toBe(anchor);
    expect(cycleBoundary(anchor, { period: 'weekly', interval: 1 }, 0)).toBe(anchor);
  });

  describe('daily', () => {
    it('adds cycles × interval days', () => {
      const anchor = at('2024-02-25T06:00:00.000Z');
      expect(iso(cycleBoundary(anchor, { period: 'daily', interval: 7 }, 1))).toBe(
        '2024-03-03T06:00:00.000Z',
      );
      expect(cycleBoundary(anchor, { period: 'daily', interval: 10 }, 3)).toBe(anchor + 30 * DAY);
    });
  });

  describe('weekly', () => {
    it('adds cycles × interval × 7 days', () => {
      const anchor = at('2023-12-28T18:45:00.000Z');
      expect(iso(cycleBoundary(anchor, { period: 'weekly', interval: 1 }, 1))).toBe(
        '2024-01-04T18:45:00.000Z',
      );
      expect(cycleBoundary(anchor, { period: 'weekly', interval: 2 }, 3)).toBe(anchor + 42 * DAY);
    });
  });

  describe('monthly', () => {
    const monthly = { period: 'monthly' as const, interval: 1 };

    it('keeps the day of the month and the time of day', () => {
      expect(iso(cycleBoundary(at('2024-03-15T23:59:59.999Z'), monthly, 1))).toBe(
        '2024-04-15T23:59:59.999Z',
      );
    });

    it('crosses a year end', () => {
      expect(iso(cycleBoundary(at('2023-12-15T08:00:00.000Z'), monthly, 1))).toBe(
        '2024-01-15T08:00:00.000Z',
      );
      expect(iso(cycleBoundary(at('2023-11-30T08:00:00.000Z'), monthly, 14))).toBe(
        '2025-01-30T08:00:00.000Z',
      );
    });

    it('clamps Jan 31 to Feb 29 in a leap year', () => {
      expect(iso(cycleBoundary(at('2024-01-31T10:00:00.000Z'), monthly, 1))).toBe(
        '2024-02-29T10:00:00.000Z',
      );
    });

    it('clamps Jan 31 to Feb 28 in a common year', () => {
      expect(iso(cycleBoundary(at('2023-01-31T10:00:00.000Z'), monthly, 1))).toBe(
        '2023-02-28T10:00:00.000Z',
      );
    });

    it('counts every boundary from the anchor: Jan 31 gives Feb 29, Mar 31, Apr 30 (no drift to the 29th)', () => {
      const anchor = at('2024-01-31T10:00:00.000Z');
      expect([1, 2, 3].map((cycles) => iso(cycleBoundary(anchor, monthly, cycles)))).toEqual([
        '2024-02-29T10:00:00.000Z',
        '2024-03-31T10:00:00.000Z',
        '2024-04-30T10:00:00.000Z',
      ]);
    });

    it('walks 12 cycles from Jan 31, ending on the next Jan 31', () => {
      const anchor = at('2023-01-31T00:00:00.000Z');
      const boundaries = Array.from({ length: 12 }, (_, index) =>
        iso(cycleBoundary(anchor, monthly, index + 1)).slice(0, 10),
      );
      expect(boundaries).toEqual([
        '2023-02-28',
        '2023-03-31',
        '2023-04-30',
        '2023-05-31',
        '2023-06-30',
        '2023-07-31',
        '2023-08-31',
        '2023-09-30',
        '2023-10-31',
        '2023-11-30',
        '2023-12-31',
        '2024-01-31',
      ]);
    });

    it('multiplies by the interval: every 3 months from Nov 30', () => {
      const quarterly = { period: 'monthly' as const, interval: 3 };
      const anchor = at('2023-11-30T12:00:00.000Z');
      expect(iso(cycleBoundary(anchor, quarterly, 1))).toBe('2024-02-29T12:00:00.000Z');
      expect(iso(cycleBoundary(anchor, quarterly, 2))).toBe('2024-05-30T12:00:00.000Z');
      expect(iso(cycleBoundary(anchor, quarterly, 4))).toBe('2024-11-30T12:00:00.000Z');
    });

    it('counts back with negative cycles', () => {
      expect(iso(cycleBoundary(at('2024-03-31T10:00:00.000Z'), monthly, -1))).toBe(
        '2024-02-29T10:00:00.000Z',
      );
      expect(iso(cycleBoundary(at('2024-01-15T10:00:00.000Z'), monthly, -13))).toBe(
        '2022-12-15T10:00:00.000Z',
      );
    });
  });

  describe('yearly', () => {
    const yearly = { period: 'yearly' as const, interval: 1 };

    it('keeps the date and the time of day', () => {
      expect(iso(cycleBoundary(at('2023-06-30T04:05:06.007Z'), yearly, 1))).toBe(
        '2024-06-30T04:05:06.007Z',
      );
    });

    it('clamps Feb 29 to Feb 28 in a common year, and returns to Feb 29 in the next leap year', () => {
      const anchor = at('2024-02-29T09:00:00.000Z');
      expect([1, 2, 3, 4].map((cycles) => iso(cycleBoundary(anchor, yearly, cycles)))).toEqual([
        '2025-02-28T09:00:00.000Z',
        '2026-02-28T09:00:00.000Z',
        '2027-02-28T09:00:00.000Z',
        '2028-02-29T09:00:00.000Z',
      ]);
    });

    it('multiplies by the interval', () => {
      expect(
        iso(cycleBoundary(at('2024-02-29T09:00:00.000Z'), { period: 'yearly', interval: 2 }, 1)),
      ).toBe('2026-02-28T09:00:00.000Z');
      expect(
        iso(cycleBoundary(at('2024-02-29T09:00:00.000Z'), { period: 'yearly', interval: 2 }, 2)),
      ).toBe('2028-02-29T09:00:00.000Z');
    });
  });
});
