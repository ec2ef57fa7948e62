import { ExpiringSet } from './expiring-set';

describe('ExpiringSet', () => {
  let now = 0;
  beforeEach(() => (now = 1_000));

  it('remembers a value until its time is up', () => {
    const set = new ExpiringSet({ ttlMs: 100, maxEntries: 10 }, () => now);
    set.add('a');
    now += 99;
    expect(set.has('a')).toBe(true);
    now += 1;
    expect(set.has('a')).toBe(false);
  });

  it('forgets the oldest value when full', () => {
    const set = new ExpiringSet({ ttlMs: 100, maxEntries: 2 }, () => now);
    set.add('a');
    set.add('b');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c')]).toEqual([false, true, true]);
  });
});
