const DAY_MS = 86_400_000;

/**
 * When a cycle's charge fails, how long to wait before each retry, counted from the failure before
 * it: the first failure is retried a day later, the second two days after that, the third three days
 * after that — 1, 3 and 6 days after the first failure when each retry fails at once. A failure after
 * the last retry halts the subscription.
 *
 * The whole schedule (6 days) is shorter than the shortest cycle (7 days: a weekly plan, or a daily
 * plan of at least 7 days), so a cycle's retries are over before the next cycle is billed.
 */
export const CHARGE_RETRY_DELAYS_MS: readonly number[] = [1 * DAY_MS, 2 * DAY_MS, 3 * DAY_MS];
