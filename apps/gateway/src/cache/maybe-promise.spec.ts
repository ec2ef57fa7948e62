import { isPromise, thenApply } from './maybe-promise';

describe('thenApply', () => {
  it('applies the next step at once to a value at hand', () => {
    const result = thenApply(20, (n) => n + 1);
    expect(isPromise(result)).toBe(false);
    expect(result).toBe(21);
  });

  it('applies it when a promise resolves, and passes a rejection on', async () => {
    const result = thenApply(Promise.resolve(20), (n) => n + 1);
    expect(isPromise(result)).toBe(true);
    await expect(result).resolves.toBe(21);
    await expect(thenApply(Promise.reject(new Error('down')), (n) => n)).rejects.toThrow('down');
  });
});
