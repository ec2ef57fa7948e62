/**
 * `npm run fuzz [-- --short] [-- --seed N] [-- --json FILE] [-- --logs DIR]`: hostile variants of every
 * operation of the API document, the admin API and the public pages, against the platform as
 * `npm start` runs it (its own, on 127.0.0.1). Prints requests by status class and every failure;
 * exits 1 if any request failed (a 5xx, refused input accepted, an error outside the envelope), 2 if
 * the run itself failed.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FULL_PLAN, runFuzz, SHORT_PLAN } from './fuzz-run';
import { formatReport } from './report';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      seed: { type: 'string' },
      json: { type: 'string' },
      logs: { type: 'string' },
    },
  });
  const plan = { ...(values.short ? SHORT_PLAN : FULL_PLAN) };
  if (values.seed) plan.seed = Number(values.seed);
  if (values.logs) plan.keepLogsIn = values.logs;
  const log = (line: string) =>
    process.stdout.write(`fuzz  ${new Date().toISOString().slice(11, 19)}  ${line}\n`);
  const report = await runFuzz(plan, log);
  process.stdout.write(formatReport(report));
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  return report.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `fuzz run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
