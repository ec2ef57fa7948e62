import { createRestarter } from './restarter';

const policy = { firstDelayMs: 20, maxDelayMs: 80, resetAfterReadyMs: 60_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls, so that a busy machine's slow timers do not fail the test. */
async function until(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !condition(); await sleep(5))
    if (Date.now() > deadline) throw new Error('timed out');
}

function subject(outcomes: (Error | null)[]) {
  const lines: string[] = [];
  let restarts = 0;
  const restarter = createRestarter({
    part: 'payments',
    policy,
    log: (line) => lines.push(line),
    restart: async () => {
      const outcome = outcomes[restarts++] ?? null;
      if (outcome) throw outcome;
    },
  });
  return { restarter, lines, restarts: () => restarts };
}

describe('createRestarter', () => {
  it('says the part died, restarts it after the back-off and says it is ready again', async () => {
    const { restarter, lines, restarts } = subject([]);
    restarter.died('exit code 1');
    expect(restarts()).toBe(0);
    await until(() => lines.length === 2);
    expect(restarts()).toBe(1);
    expect(lines).toEqual([
      'payments stopped unexpectedly (exit code 1); restarting in 20 ms (attempt 1)',
      'payments is ready again',
    ]);
  });

  it('tries again with a longer wait while the part does not come up', async () => {
    const { restarter, lines, restarts } = subject([
      new Error('payments exited with code 1 while starting'),
      new Error('payments exited with code 1 while starting'),
    ]);
    restarter.died('signal SIGKILL');
    await until(() => lines.length === 4);
    expect(restarts()).toBe(3);
    expect(lines).toEqual([
      'payments stopped unexpectedly (signal SIGKILL); restarting in 20 ms (attempt 1)',
      'payments did not start again (payments exited with code 1 while starting); restarting in 40 ms (attempt 2)',
      'payments did not start again (payments exited with code 1 while starting); restarting in 80 ms (attempt 3)',
      'payments is ready again',
    ]);
  });

  it('counts on from the last attempt when the part dies again soon after', async () => {
    const { restarter, lines } = subject([]);
    restarter.died('exit code 1');
    await until(() => lines.length === 2);
    restarter.died('exit code 1');
    await until(() => lines.length === 4);
    expect(lines[2]).toBe(
      'payments stopped unexpectedly (exit code 1); restarting in 40 ms (attempt 2)',
    );
  });

  it('ignores a death reported while a restart is under way', async () => {
    const { restarter, lines, restarts } = subject([]);
    restarter.died('exit code 1');
    restarter.died('exit code 1');
    await until(() => lines.length === 2);
    await sleep(60);
    expect(restarts()).toBe(1);
  });

  it('restarts nothing once stopped, even a restart that was waiting', async () => {
    const { restarter, lines, restarts } = subject([]);
    restarter.died('exit code 1');
    await restarter.stop();
    restarter.died('exit code 1');
    await sleep(60);
    expect(restarts()).toBe(0);
    expect(lines).toHaveLength(1);
  });
});
