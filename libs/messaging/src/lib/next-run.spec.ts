import { NextRun } from './next-run';

/** A run that ends when told to. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('NextRun', () => {
  it('starts a run for the first caller', async () => {
    const runs: number[] = [];
    await new NextRun().run('a', async () => void runs.push(1));
    expect(runs).toEqual([1]);
  });

  it('serves callers that arrive during a run with one more run, started after it', async () => {
    const next = new NextRun();
    const first = gate();
    let started = 0;
    const work = async () => {
      started += 1;
      if (started === 1) await first.promise;
    };
    const a = next.run('k', work);
    await tick();
    const b = next.run('k', work);
    const c = next.run('k', work);
    await tick();
    expect(started).toBe(1); // b and c wait: the running one may have read before their writes
    first.open();
    await Promise.all([a, b, c]);
    expect(started).toBe(2);
  });

  it('keeps keys apart', async () => {
    const next = new NextRun();
    const blocked = gate();
    const order: string[] = [];
    const a = next.run('a', async () => {
      await blocked.promise;
      order.push('a');
    });
    await next.run('b', async () => void order.push('b'));
    blocked.open();
    await a;
    expect(order).toEqual(['b', 'a']);
  });

  it('lets a failed run fail its callers and still runs the next', async () => {
    const next = new NextRun();
    const failing = gate();
    const a = next.run('k', async () => {
      await failing.promise;
      throw new Error('owner away');
    });
    await tick();
    const b = next.run('k', async () => undefined);
    failing.open();
    await expect(a).rejects.toThrow('owner away');
    await expect(b).resolves.toBeUndefined();
  });
});
