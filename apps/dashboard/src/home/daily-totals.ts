const DAY_SECONDS = 86_400;

export interface Days {
  /** 00:00 UTC of each day, oldest first, in Unix seconds. */
  starts: number[];
  /** `YYYY-MM-DD` of each day. */
  labels: string[];
}

/** The `count` UTC days ending with the one holding `now` (Unix seconds). */
export function lastDays(now: number, count: number): Days {
  const today = now - (now % DAY_SECONDS);
  const starts = Array.from(
    { length: count },
    (_, index) => today - (count - 1 - index) * DAY_SECONDS,
  );
  return {
    starts,
    labels: starts.map((start) => new Date(start * 1000).toISOString().slice(0, 10)),
  };
}

/** Sums each item's amount into the day of its time; items outside the days are left out. Integers in, integers out. */
export function dailyTotals<T>(
  days: Days,
  items: readonly T[],
  pick: (item: T) => { time: number; amount: number } | null,
): number[] {
  const totals = days.starts.map(() => 0);
  const first = days.starts[0];
  for (const item of items) {
    const picked = pick(item);
    if (!picked) continue;
    const index = Math.floor((picked.time - first) / DAY_SECONDS);
    if (index >= 0 && index < totals.length) totals[index] += picked.amount;
  }
  return totals;
}
