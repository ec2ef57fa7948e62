/**
 * A circuit breaker per webhook: after BREAKER_FAILURES failed attempts in a row its deliveries are
 * left alone for BREAKER_PAUSE_MS (real time), then one is tried (half-open): a success closes the
 * breaker, a failure pauses it again. A dead endpoint then costs one attempt per pause instead of one
 * per event, and its waiting deliveries keep their schedule and their 24 hours (a backlog is worked
 * off as soon as it answers again).
 */
export const BREAKER_FAILURES = 10;
export const BREAKER_PAUSE_MS = 10_000;

export type BreakerState = 'closed' | 'open' | 'half-open';

export class CircuitBreakers {
  private readonly failing = new Map<string, { failures: number; pausedUntil: number }>();

  stateOf(webhookId: string, now = Date.now()): BreakerState {
    const breaker = this.failing.get(webhookId);
    if (!breaker || breaker.failures < BREAKER_FAILURES) return 'closed';
    return breaker.pausedUntil > now ? 'open' : 'half-open';
  }

  /** Notes an attempt's outcome; true when this failure opened the breaker (a pause begins). */
  record(webhookId: string, delivered: boolean, now = Date.now()): boolean {
    if (delivered) {
      this.failing.delete(webhookId);
      return false;
    }
    const breaker = this.failing.get(webhookId) ?? { failures: 0, pausedUntil: 0 };
    breaker.failures++;
    this.failing.set(webhookId, breaker);
    if (breaker.failures < BREAKER_FAILURES || breaker.pausedUntil > now) return false;
    breaker.pausedUntil = now + BREAKER_PAUSE_MS;
    return true;
  }

  /** The webhooks whose breaker is not closed. */
  *tripped(now = Date.now()): Generator<[string, Exclude<BreakerState, 'closed'>]> {
    for (const webhookId of this.failing.keys()) {
      const state = this.stateOf(webhookId, now);
      if (state !== 'closed') yield [webhookId, state];
    }
  }
}
