import { FIRST_RETRY_MS, LONGEST_RETRY_MS, nextAttemptAt, RETRY_WINDOW_MS } from './retry-schedule';

const EVENT_AT = 1_700_000_000_000;
const MIN = 60_000;

describe('the retry schedule of a failing delivery', () => {
  it('doubles from 30 s, without jitter at the middle of its range', () => {
    const delays = [1, 2, 3, 4, 5].map(
      (attempts) => (nextAttemptAt(attempts, EVENT_AT, EVENT_AT, 0.5) as number) - EVENT_AT,
    );
    expect(delays).toEqual([30_000, MIN, 2 * MIN, 4 * MIN, 8 * MIN]);
  });

  it('stays within ±20 % of its delay', () => {
    expect((nextAttemptAt(1, EVENT_AT, EVENT_AT, 0) as number) - EVENT_AT).toBe(
      FIRST_RETRY_MS * 0.8,
    );
    expect((nextAttemptAt(1, EVENT_AT, EVENT_AT, 0.999999) as number) - EVENT_AT).toBe(
      Math.round(FIRST_RETRY_MS * 1.2 - 0.4 * FIRST_RETRY_MS * 0.000001),
    );
  });

  it('never waits more than 3 hours between attempts', () => {
    expect((nextAttemptAt(12, EVENT_AT, EVENT_AT, 0.5) as number) - EVENT_AT).toBe(
      LONGEST_RETRY_MS,
    );
  });

  it('makes a last attempt when the 24 hours end, and none after', () => {
    const late = EVENT_AT + RETRY_WINDOW_MS - MIN;
    expect(nextAttemptAt(14, EVENT_AT, late, 0.5)).toBe(EVENT_AT + RETRY_WINDOW_MS);
    expect(nextAttemptAt(15, EVENT_AT, EVENT_AT + RETRY_WINDOW_MS, 0.5)).toBeNull();
  });

  it('tries 17 times in all over the 24 hours when every attempt fails at once', () => {
    let attempts = 1;
    for (
      let now = EVENT_AT, next = nextAttemptAt(attempts, EVENT_AT, now, 0.5);
      next !== null;
      next = nextAttemptAt(attempts, EVENT_AT, now, 0.5)
    ) {
      now = next;
      attempts++;
    }
    expect(attempts).toBe(17);
  });
});
