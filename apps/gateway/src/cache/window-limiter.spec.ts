import { WindowLimiter } from './window-limiter';

describe('WindowLimiter', () => {
  let now = 0;
  const limiter = (maxKeys?: number) =>
    new WindowLimiter({ max: 3, windowMs: 60_000, maxKeys }, () => now);
  beforeEach(() => (now = 1_000_000));

  it('lets an address fail up to the limit, then refuses it until its window ends', () => {
    const limits = limiter();
    for (let i = 0; i < 3; i++) {
      expect(limits.retryAfterMs('10.0.0.1')).toBe(0);
      limits.count('10.0.0.1');
    }
    now += 20_000;
    expect(limits.retryAfterMs('10.0.0.1')).toBe(40_000);
    now += 40_000;
    expect(limits.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('counts each address on its own', () => {
    const limits = limiter();
    for (let i = 0; i < 3; i++) limits.count('10.0.0.1');
    expect(limits.retryAfterMs('10.0.0.1')).toBeGreaterThan(0);
    expect(limits.retryAfterMs('10.0.0.2')).toBe(0);
  });

  it('forgets the longest-quiet address when it tracks too many', () => {
    const limits = limiter(2);
    for (let i = 0; i < 3; i++) limits.count('10.0.0.1');
    limits.count('10.0.0.2');
    limits.count('10.0.0.3');
    expect(limits.retryAfterMs('10.0.0.1')).toBe(0);
  });

  it('takes from a key until its limit, then tells how long to wait without counting', () => {
    const limits = limiter();
    expect([1, 2, 3, 4].map(() => limits.take('rzp_test_1Aa00000000001'))).toEqual([
      0, 0, 0, 60_000,
    ]);
    now += 60_000;
    expect(limits.take('rzp_test_1Aa00000000001')).toBe(0);
  });
});
