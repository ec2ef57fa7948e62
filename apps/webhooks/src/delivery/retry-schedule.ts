/**
 * When a failed delivery is tried again: exponential backoff with jitter, for 24 hours from the
 * event (Razorpay's promise; the exact intervals are the platform's). After attempt n failed the
 * next comes min(30 s × 2^(n−1), 3 h) later, ±20 %: 30 s, 1, 2, 4, 8, 16, 32 min, 1 h 4 min,
 * 2 h 8 min, then every 3 h, and a last one when the 24 hours end: 17 attempts in all. Jitter
 * spreads the retries of many deliveries that failed together (an endpoint that was down) so they do
 * not return as one burst.
 */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 3 * 3600 * 1000;
export const JITTER = 0.2;

/**
 * The time of the next attempt after `attempts` failed ones, or null when the window is over (the
 * delivery has failed for good). `random` is in [0, 1). All times are milliseconds on the account clock.
 */
export function nextAttemptAt(
  attempts: number,
  eventAt: number,
  now: number,
  random: number,
): number | null {
  const deadline = eventAt + RETRY_WINDOW_MS;
  if (now >= deadline) return null;
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return Math.min(now + Math.round(base * (1 - JITTER + 2 * JITTER * random)), deadline);
}
