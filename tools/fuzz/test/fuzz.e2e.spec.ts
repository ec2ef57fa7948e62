/**
 * The short fuzz run under jest: the harness (tools/fuzz/src/main.ts --short) in a child process,
 * then one assertion per kind of failure on the report it wrote, each printing its requests whole.
 * Kept under two minutes, the platform's start included.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FuzzReport } from '../src/report';
import type { Verdict } from '../src/verdict';

const ROOT = join(__dirname, '..', '..', '..');
const RUN_LIMIT_MS = 110_000;

describe('Hostile input to every operation (short run: a seeded sample of each one\'s variants)', () => {
  let report: FuzzReport;
  const failing = (verdict: Verdict) => report.failures.filter((failure) => failure.verdict === verdict);

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-e2e-'));
    let output = '';
    try {
      const code = await runHarness(['--short', '--json', join(dir, 'report.json')], (chunk) => (output += chunk));
      if (code !== 0 && code !== 1) throw new Error(`the fuzz run did not complete (exit ${code}):\n${output}`);
      report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as FuzzReport;
      process.stdout.write(output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, RUN_LIMIT_MS + 10_000);

  it('sends every planned request', () => expect([report.requests, report.unsent]).toEqual([expect.any(Number), 0]));
  it('never answers 5xx', () => expect(failing('5xx')).toEqual([]));
  it('refuses every input the API must refuse', () => expect(failing('accepted input that must be refused')).toEqual([]));
  it('answers every error in the envelope', () => expect(failing('error outside the envelope')).toEqual([]));
  it('answers every request', () => expect(failing('no answer')).toEqual([]));
});

/** Runs the harness; resolves with its exit code (0 no failure, 1 failures, 2 the run itself failed). Stopped past the limit. */
function runHarness(args: string[], onOutput: (chunk: string) => void): Promise<number> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/fuzz/src/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  // SIGTERM: the harness stops its own platform (and removes its data) before it exits.
  const timer = setTimeout(() => child.kill('SIGTERM'), RUN_LIMIT_MS);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 2);
    }),
  );
}
