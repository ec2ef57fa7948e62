import { IllegalTransition, unlessRefused } from './domain-errors';

describe('unlessRefused', () => {
  it('hands a business refusal to its handler instead of throwing it', async () => {
    const refused: string[] = [];
    await unlessRefused(
      async () => {
        throw new IllegalTransition('A cancelled invoice cannot be paid.');
      },
      (error) => refused.push(error.description),
    );
    expect(refused).toEqual(['A cancelled invoice cannot be paid.']);
  });

  it('throws any other error, so the reaction is retried', async () => {
    await expect(
      unlessRefused(
        async () => Promise.reject(new Error('connection reset')),
        () => undefined,
      ),
    ).rejects.toThrow('connection reset');
  });

  it('runs the work once when it succeeds', async () => {
    let runs = 0;
    await unlessRefused(
      async () => void runs++,
      () => undefined,
    );
    expect(runs).toBe(1);
  });
});
