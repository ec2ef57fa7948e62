import { AuthFailures } from './auth-failures';

describe('AuthFailures', () => {
  let now = 0;
  const failures = () =>
    new AuthFailures({ perNetworkPerMinute: 3, perCredentialPerMinute: 5 }, () => now);
  beforeEach(() => (now = 1_000_000));

  it('counts every address of an IPv6 /64 as one network, another /64 apart', () => {
    const limiter = failures();
    for (const host of [':1', 'a:b:c:d', 'ffff:ffff:ffff:ffff'])
      limiter.count(`2001:db8:5:6:${host}`);
    expect(limiter.retryAfterMs('2001:db8:5:6::9')).toBe(60_000);
    expect(limiter.retryAfterMs('2001:db8:5:7::1')).toBe(0);
  });

  it('counts an IPv4 address alone, and its IPv4-mapped form as the same address', () => {
    const limiter = failures();
    limiter.count('203.0.113.7');
    limiter.count('::ffff:203.0.113.7');
    limiter.count('203.0.113.7');
    expect(limiter.retryAfterMs('::ffff:203.0.113.7')).toBe(60_000);
    expect(limiter.retryAfterMs('203.0.113.8')).toBe(0);
  });

  it('counts a key id from every network, and refuses it from any network past its limit', () => {
    const limiter = failures();
    for (let i = 0; i < 5; i++) limiter.count(`198.51.100.${i}`, { keyId: 'rzp_test_A' });
    expect(limiter.retryAfterMs('192.0.2.1', { keyId: 'rzp_test_A' })).toBe(60_000);
    expect(limiter.retryAfterMs('192.0.2.1', { keyId: 'rzp_test_B' })).toBe(0);
    expect(limiter.retryAfterMs('192.0.2.1', 'admin token')).toBe(0);
    now += 60_000;
    expect(limiter.retryAfterMs('192.0.2.1', { keyId: 'rzp_test_A' })).toBe(0);
  });

  it('counts the admin token on its own', () => {
    const limiter = failures();
    for (let i = 0; i < 5; i++) limiter.count(`198.51.100.${i}`, 'admin token');
    expect(limiter.retryAfterMs('192.0.2.1', 'admin token')).toBe(60_000);
    expect(limiter.retryAfterMs('192.0.2.1', { keyId: 'admin token' })).toBe(0);
  });
});
