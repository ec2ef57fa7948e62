import { AsOfReadGate } from './as-of-read-gate';

function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('AsOfReadGate', () => {
  it('refuses an account its third read at once while two run, and lets another account in', async () => {
    const gate = new AsOfReadGate({ perAccount: 2, inService: 4 });
    const hold = deferred();
    const first = gate.run('acc_A|test', () => hold.done.then(() => 1));
    const second = gate.run('acc_A|test', () => hold.done.then(() => 2));
    expect(await gate.run('acc_A|test', async () => 3)).toBeNull();
    expect(await gate.run('acc_B|test', async () => 4)).toEqual({ value: 4 });
    hold.release();
    expect(await Promise.all([first, second])).toEqual([{ value: 1 }, { value: 2 }]);
    expect(await gate.run('acc_A|test', async () => 5)).toEqual({ value: 5 });
  });

  it('bounds the reads of all accounts together', async () => {
    const gate = new AsOfReadGate({ perAccount: 2, inService: 3 });
    const hold = deferred();
    const running = ['a', 'a', 'b'].map((account) => gate.run(account, () => hold.done));
    expect(gate.inFlight()).toBe(3);
    expect(await gate.run('c', async () => 'late')).toBeNull();
    hold.release();
    await Promise.all(running);
    expect(gate.inFlight()).toBe(0);
  });

  it('gives the slot back when the read fails', async () => {
    const gate = new AsOfReadGate({ perAccount: 1, inService: 1 });
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.inFlight('a')).toBe(0);
    expect(await gate.run('a', async () => 'again')).toEqual({ value: 'again' });
  });
});
