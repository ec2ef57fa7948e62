import { describeExit, formatDelay, RestartBackoff } from './restart-backoff';

const policy = { firstDelayMs: 1_000, maxDelayMs: 30_000, resetAfterReadyMs: 60_000 };

describe('RestartBackoff', () => {
  it('waits 1 s, 2 s, 4 s … and never more than 30 s while the part keeps dying', () => {
    const backoff = new RestartBackoff(policy, 0);
    const delays = Array.from({ length: 7 }, (_, i) => backoff.next(1_000 + i));
    expect(delays).toEqual([
      { attempt: 1, delayMs: 1_000 },
      { attempt: 2, delayMs: 2_000 },
      { attempt: 3, delayMs: 4_000 },
      { attempt: 4, delayMs: 8_000 },
      { attempt: 5, delayMs: 16_000 },
      { attempt: 6, delayMs: 30_000 },
      { attempt: 7, delayMs: 30_000 },
    ]);
  });

  it('keeps counting when the part dies again soon after it was ready', () => {
    const backoff = new RestartBackoff(policy, 0);
    backoff.next(1_000);
    backoff.ready(3_000);
    expect(backoff.next(3_000 + 59_999)).toEqual({ attempt: 2, delayMs: 2_000 });
  });

  it('starts again at 1 s once the part stayed ready for the policy’s while', () => {
    const backoff = new RestartBackoff(policy, 0);
    backoff.next(1_000);
    backoff.next(2_000);
    backoff.ready(10_000);
    expect(backoff.next(70_000)).toEqual({ attempt: 1, delayMs: 1_000 });
  });

  it('counts a first death after a long ready start as attempt 1, and a quick one too', () => {
    expect(new RestartBackoff(policy, 0).next(500_000)).toEqual({ attempt: 1, delayMs: 1_000 });
    expect(new RestartBackoff(policy, 0).next(10)).toEqual({ attempt: 1, delayMs: 1_000 });
  });
});

describe('describeExit and formatDelay', () => {
  it('say how a process ended and how long the wait is, as the console prints them', () => {
    expect(describeExit(1, null)).toBe('exit code 1');
    expect(describeExit(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(formatDelay(2_000)).toBe('2 s');
    expect(formatDelay(1_500)).toBe('1.5 s');
    expect(formatDelay(50)).toBe('50 ms');
  });
});
