import { dailyTotals, lastDays } from './daily-totals';

const NOON_24_NOV_2026 = Date.parse('2026-11-24T12:00:00Z') / 1000;

describe('lastDays', () => {
  it('ends with today and starts each day at 00:00 UTC', () => {
    const days = lastDays(NOON_24_NOV_2026, 3);
    expect(days.labels).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    expect(days.starts[2]).toBe(Date.parse('2026-11-24T00:00:00Z') / 1000);
  });
});

describe('dailyTotals', () => {
  const days = lastDays(NOON_24_NOV_2026, 3);
  const at = (iso: string, amount: number) => ({ time: Date.parse(iso) / 1000, amount });

  it('adds each amount to the day it happened on, in paise', () => {
    const items = [
      at('2026-11-22T00:00:00Z', 29),
      at('2026-11-22T23:59:59Z', 71),
      at('2026-11-24T08:00:00Z', 50_000),
    ];
    expect(dailyTotals(days, items, (item) => item)).toEqual([100, 0, 50_000]);
  });

  it('leaves out what falls before the first day or after the last, and what the pick refuses', () => {
    const items = [
      at('2026-11-21T23:59:59Z', 1),
      at('2026-11-25T00:00:00Z', 2),
      at('2026-11-23T10:00:00Z', 3),
    ];
    expect(dailyTotals(days, items, (item) => (item.amount === 3 ? null : item))).toEqual([
      0, 0, 0,
    ]);
  });
});
