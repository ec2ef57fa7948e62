import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLauncherProcess } from '../src/lib/launcher-process';
import type { LauncherProcess } from '../src/lib/launcher-process';

/*
 * `npm start`'s launcher (from the services built in dist) supervises the platform once it is up:
 * what dies is restarted with back-off, and meanwhile the gateway answers 503 with Retry-After for
 * what depends on it.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 120_000) {
  for (const deadline = Date.now() + ms; !(await condition()); await sleep(250))
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
}

/** The pid of the launcher's child running `dist/apps/<service>/main.js` (Linux: from /proc). */
function servicePid(launcherPid: number, service: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === launcherPid && command.includes(join('dist', 'apps', service, 'main.js')))
        return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  throw new Error(`no ${service} process under the launcher (pid ${launcherPid})`);
}

const postmasterPid = (dataDir: string): number =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('npm start’s supervision', () => {
  let launcher: LauncherProcess;
  let get: (path: string) => Promise<Response>;
  /** The launcher's output after `mark()`: the lines of one test. */
  let since = 0;
  const output = () => launcher.output().slice(since);
  const mark = () => (since = launcher.output().length);

  beforeAll(async () => {
    launcher = await startLauncherProcess({
      name: 'supervision',
      env: { LOG_LEVEL: 'warn', SERVICE_LOGS: 'files' },
    });
    const { baseUrl, account } = launcher.coordinates;
    const authorization = `Basic ${Buffer.from(`${account.test.id}:${account.test.secret}`).toString('base64')}`;
    get = (path) => fetch(`${baseUrl}${path}`, { headers: { authorization } });
  }, 300_000);

  afterAll(() => launcher?.stop(), 60_000);

  it('restarts a killed service with back-off while the gateway answers 503 with Retry-After for it and the others keep serving', async () => {
    mark();
    expect((await get('/v1/payments?count=1')).status).toBe(200);
    const first = servicePid(launcher.pid, 'payments');
    process.kill(first, 'SIGKILL');

    const down = await get('/v1/payments?count=1');
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await down.json()) as { error: { code: string } }).error.code).toBeDefined();
    expect((await get('/v1/customers?count=1')).status).toBe(200);

    await until('payments is ready again', () => output().includes('payments is ready again'));
    expect(output()).toContain(
      'payments stopped unexpectedly (signal SIGKILL); restarting in 1 s (attempt 1)',
    );
    expect((await get('/v1/payments?count=1')).status).toBe(200);
    const second = servicePid(launcher.pid, 'payments');
    expect(second).not.toBe(first);

    // Dead again soon after: the next wait is twice as long.
    process.kill(second, 'SIGKILL');
    await until(
      'payments is ready again, twice',
      () =>
        output().includes('restarting in 2 s (attempt 2)') &&
        output().split('payments is ready again').length === 3,
    );
    expect(output()).toContain(
      'payments stopped unexpectedly (signal SIGKILL); restarting in 2 s (attempt 2)',
    );
    expect((await get('/v1/payments?count=1')).status).toBe(200);
  }, 300_000);

  it('starts a killed PostgreSQL again on its data and port; the services reconnect, answering 503 with Retry-After meanwhile', async () => {
    mark();
    const { dataDir } = launcher.coordinates;
    expect((await get('/v1/payments?count=1')).status).toBe(200);
    const before = postmasterPid(dataDir);
    process.kill(before, 'SIGKILL');

    const failures: { status: number; retryAfter: string | null }[] = [];
    await until(
      'the API serves again after PostgreSQL is ready again',
      async () => {
        const response = await get('/v1/payments?count=1');
        if (response.status !== 200)
          failures.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
          });
        return response.status === 200 && output().includes('PostgreSQL is ready again');
      },
      180_000,
    );
    expect(output()).toContain(
      'PostgreSQL stopped unexpectedly (signal SIGKILL); restarting in 1 s (attempt 1)',
    );
    expect(postmasterPid(dataDir)).not.toBe(before);
    // Never a 500 while it was down: each failure a 503 that says when to retry.
    for (const failure of failures) {
      expect(failure.status).toBe(503);
      expect(Number(failure.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(failures.length).toBeGreaterThan(0);
    // The services kept running: none of them was restarted.
    expect(output()).not.toMatch(
      /(gateway|billing|payments|settlements|webhooks) stopped unexpectedly/,
    );
  }, 240_000);
});

describe('a Ctrl-C while npm start restarts a service', () => {
  it('stops everything in order; the restart under way leaves no process behind', async () => {
    const launcher = await startLauncherProcess({
      name: 'supervision-stop',
      env: { LOG_LEVEL: 'warn', SERVICE_LOGS: 'files' },
    });
    let stopped = false;
    try {
      process.kill(servicePid(launcher.pid, 'payments'), 'SIGKILL');
      await until('the restart is under way', () => {
        try {
          return servicePid(launcher.pid, 'payments') > 0;
        } catch {
          return false;
        }
      });
      const restarting = servicePid(launcher.pid, 'payments');
      await launcher.stop();
      stopped = true;
      const output = launcher.output();
      expect(output).toContain('restarting in 1 s (attempt 1)');
      expect(output).toContain('Ctrl-C received: stopping every service');
      expect(output.trimEnd()).toMatch(/stopped$/);
      expect(output).not.toContain('payments is ready again');
      expect(() => process.kill(restarting, 0)).toThrow();
    } finally {
      if (!stopped) await launcher.stop();
    }
  }, 300_000);
});
