#!/usr/bin/env node
/**
 * `npm test`: lint, type-check, unit, integration and end-to-end tests of every project, then one plain line
 * with the totals ("N passed, N failed, N skipped"). Exits non-zero if anything failed or if no test ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, '.test-results');
const targets =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['lint', 'typecheck', 'test', 'test-int', 'e2e'];

rmSync(resultsDir, { recursive: true, force: true });
const nx = spawnSync(
  'npx',
  ['nx', 'run-many', '-t', ...targets, '--skip-nx-cache', '--outputStyle=stream'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  },
);

const runs = existsSync(resultsDir)
  ? readdirSync(resultsDir).map((file) => JSON.parse(readFileSync(join(resultsDir, file), 'utf8')))
  : [];
const total = (key) => runs.reduce((sum, run) => sum + run[key], 0);
const passed = total('passed');
const failed = total('failed') + total('runtimeErrorSuites');
const skipped = total('skipped');

for (const run of runs.filter((r) => r.passed + r.failed + r.skipped > 0))
  console.log(
    `  ${run.project} (${run.suite}): ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`,
  );
for (const run of runs)
  for (const failure of run.failures ?? [])
    console.log(
      `\nFAILED ${run.project} (${run.suite}) ${failure.where}\n  ${failure.title}\n${failure.message}`,
    );
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);

if (nx.status !== 0)
  console.error(`nx exited with ${nx.status ?? nx.signal}: see the failing target above`);
if (passed === 0) console.error('no test ran');
process.exit(nx.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
