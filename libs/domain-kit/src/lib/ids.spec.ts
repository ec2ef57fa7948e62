import { ID_SUFFIX_LENGTH, idFor, isIdOf, newId } from './ids';

describe('ids', () => {
  it('makes a prefix, an underscore and 14 base62 characters', () => {
    expect(newId('cust')).toMatch(/^cust_[0-9A-Za-z]{14}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('pay')));
    expect(ids.size).toBe(10_000);
  });

  it('uses every character of the alphabet with about the same frequency', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++)
      for (const c of newId('x').slice(2)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (5000 * ID_SUFFIX_LENGTH) / 62;
    expect(counts.size).toBe(62);
    for (const count of counts.values())
      expect(Math.abs(count - expected) / expected).toBeLessThan(0.15);
  });

  it('recognises the shape of an id with a given prefix', () => {
    expect(isIdOf('cust', newId('cust'))).toBe(true);
    expect(isIdOf('cust', newId('pay'))).toBe(false);
    expect(isIdOf('cust', 'cust_short')).toBe(false);
    expect(isIdOf('cust', 'cust_abcdefghijk-mn')).toBe(false);
  });

  it('derives the same well-formed id from the same key, and another from another key', () => {
    expect(idFor('pay', 'inv_1:1')).toBe(idFor('pay', 'inv_1:1'));
    expect(idFor('pay', 'inv_1:1')).not.toBe(idFor('pay', 'inv_1:2'));
    expect(isIdOf('pay', idFor('pay', 'inv_1:1'))).toBe(true);
  });
});
