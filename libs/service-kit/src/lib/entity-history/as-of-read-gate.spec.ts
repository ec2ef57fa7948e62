import { AsOfReadGate } from './as-of-read-gate';

function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AsOfReadGate', () => {
  it('lets an account run two reads at once, queues its third, and lets another account in meanwhile', async () => {
    const gate = new AsOfReadGate({ perAccount: 2, inService: 4, queuedPerAccount: 8 });
    const hold = deferred();
    const order: string[] = [];
    const read = (name: string, wait?: Promise<void>) => async () => {
      order.push(`start ${name}`);
      await wait;
      return name;
    };
    const first = gate.run('A', read('a1', hold.done));
    const second = gate.run('A', read('a2', hold.done));
    const third = gate.run('A', read('a3'));
    await tick();
    expect(order).toEqual(['start a1', 'start a2']);
    expect(await gate.run('B', read('b1'))).toEqual({ value: 'b1' });
    expect(gate.waitingCount()).toBe(1);
    hold.release();
    expect(await Promise.all([first, second, third])).toEqual([
      { value: 'a1' },
      { value: 'a2' },
      { value: 'a3' },
    ]);
    expect(order).toEqual(['start a1', 'start a2', 'start b1', 'start a3']);
  });

  it('bounds the reads of all accounts together, and a freed slot goes to the oldest waiter that may run', async () => {
    const gate = new AsOfReadGate({ perAccount: 2, inService: 3, queuedPerAccount: 8 });
    const hold = deferred();
    const running = ['a', 'a', 'b'].map((account) => gate.run(account, () => hold.done));
    expect(gate.inFlight()).toBe(3);
    const started: string[] = [];
    const late = ['a', 'c'].map((account) =>
      gate.run(account, async () => void started.push(account)),
    );
    await tick();
    expect(started).toEqual([]);
    hold.release();
    await Promise.all([...running, ...late]);
    expect(started).toEqual(['a', 'c']);
    expect(gate.inFlight()).toBe(0);
    expect(gate.waitingCount()).toBe(0);
  });

  it('refuses at once an account whose queue is full, and only that account', async () => {
    const gate = new AsOfReadGate({ perAccount: 1, inService: 4, queuedPerAccount: 2 });
    const hold = deferred();
    const held = [0, 1, 2].map(() => gate.run('A', () => hold.done));
    expect(await gate.run('A', async () => 'refused?')).toBeNull();
    expect(await gate.run('B', async () => 'other')).toEqual({ value: 'other' });
    hold.release();
    await Promise.all(held);
    expect(await gate.run('A', async () => 'again')).toEqual({ value: 'again' });
  });

  it('gives the slot back when the read fails', async () => {
    const gate = new AsOfReadGate({ perAccount: 1, inService: 1, queuedPerAccount: 1 });
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.inFlight('a')).toBe(0);
    expect(await gate.run('a', async () => 'again')).toEqual({ value: 'again' });
  });
});
