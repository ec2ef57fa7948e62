import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Runs a suite's harness (`tools/<suite>/src/main.ts --short [args] --json <file>`) in a child process, as
 * the jest short runs do, and returns the report it wrote with everything it printed. Exit codes 0
 * and 1 (targets met or not) both give a report; anything else, or no exit within `limitMs` (then
 * SIGTERM: the harness stops its own platform and removes its data), throws with the output.
 */
export async function runShortHarness<Report>(
  suite: 'chaos' | 'fuzz',
  limitMs: number,
  args: readonly string[] = [],
): Promise<{ report: Report; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), `${suite}-e2e-`));
  let output = '';
  try {
    const child = spawn(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        `tools/${suite}/src/main.ts`,
        '--short',
        ...args,
        '--json',
        join(dir, 'report.json'),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), limitMs);
    const code = await new Promise<number>((resolve) =>
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode ?? 2);
      }),
    );
    if (code !== 0 && code !== 1)
      throw new Error(`the ${suite} run did not complete (exit ${code}):\n${output}`);
    process.stdout.write(output);
    return { report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
