import { assertUnreachable } from '@platform/domain-kit';
import type { PlanPeriod } from '../common/plan-period';

const DAY_MS = 86_400_000;

/** What a cycle's length depends on: a plan's period and interval. */
export interface CycleLength {
  period: PlanPeriod;
  interval: number;
}

/**
 * The instant `cycles` cycles after `anchor` (milliseconds since the epoch, UTC), keeping the time
 * of day. Daily and weekly cycles are whole days. Monthly and yearly cycles are calendar months
 * counted from the anchor (never from the previous boundary, so nothing drifts), the day clamped to
 * the month's last day: an anchor on Jan 31 gives Feb 28 (29 in a leap year), Mar 31, Apr 30, ...;
 * one on Feb 29 gives Feb 28 in a non-leap year.
 */
export function cycleBoundary(anchor: number, plan: CycleLength, cycles: number): number {
  const periods = cycles * plan.interval;
  switch (plan.period) {
    case 'daily':
      return anchor + periods * DAY_MS;
    case 'weekly':
      return anchor + periods * 7 * DAY_MS;
    case 'monthly':
      return addMonths(anchor, periods);
    case 'yearly':
      return addMonths(anchor, periods * 12);
    default:
      return assertUnreachable(plan.period);
  }
}

function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const timeOfDay = at - utc(year, month, day);
  const target = year * 12 + month + months;
  const targetYear = Math.floor(target / 12);
  const targetMonth = target - targetYear * 12;
  const lastDay = new Date(utc(targetYear, targetMonth + 1, 0)).getUTCDate();
  return utc(targetYear, targetMonth, Math.min(day, lastDay)) + timeOfDay;
}

/** Date.UTC without its two-digit-year rule (years 0 to 99 are not 1900 to 1999 here). */
function utc(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}
