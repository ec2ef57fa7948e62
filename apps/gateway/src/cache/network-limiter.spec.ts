import { NetworkLimiter } from './network-limiter';

describe('NetworkLimiter', () => {
  let now = 0;
  const limiter = () => new NetworkLimiter({ max: 3, windowMs: 60_000 }, () => now);
  beforeEach(() => (now = 1_000_000));

  it('refuses a fourth address of one IPv6 /64 once three have been let through, and lets another /64 through', () => {
    const limits = limiter();
    expect(
      ['2001:db8:5:6::1', '2001:db8:5:6:a:b:c:d', '2001:db8:5:6:ffff:ffff:ffff:ffff'].map((a) =>
        limits.take(a),
      ),
    ).toEqual([0, 0, 0]);
    expect(limits.take('2001:db8:5:6::9')).toBe(60_000);
    expect(limits.take('2001:db8:5:7::1')).toBe(0);
    now += 60_000;
    expect(limits.take('2001:db8:5:6::9')).toBe(0);
  });

  it('counts an IPv4 address alone, and its IPv4-mapped form as the same address', () => {
    const limits = limiter();
    limits.count('203.0.113.7');
    limits.count('::ffff:203.0.113.7');
    limits.count('203.0.113.7');
    expect(limits.retryAfterMs('::ffff:203.0.113.7')).toBe(60_000);
    expect(limits.retryAfterMs('203.0.113.8')).toBe(0);
  });
});
