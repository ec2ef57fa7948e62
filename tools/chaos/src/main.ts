/**
 * `npm run chaos [-- --short] [-- --replicas] [-- --faults broker,payments] [-- --json FILE] [-- --logs DIR]`:
 * the fault-injection suite. Prints what clients saw, each part's recovery (with `--replicas`: two
 * replicas of each service, one killed in turn, and the survivor's takeover), the checks and the
 * targets; exits non-zero if a target fails. The platform it runs is its own (temporary directory,
 * free ports, 127.0.0.1).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SERVICES } from '@platform/platform-launcher';
import type { ChaosPlan } from './chaos-run';
import { FULL_PLAN, REPLICA_PLAN, runChaos, SHORT_PLAN, SHORT_REPLICA_PLAN } from './chaos-run';
import type { Part } from './recovery';
import { formatReport } from './report';

const PARTS: readonly Part[] = FULL_PLAN.faults;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      replicas: { type: 'boolean', default: false },
      faults: { type: 'string' },
      json: { type: 'string' },
      logs: { type: 'string' },
    },
  });
  const plan: ChaosPlan = {
    ...(values.replicas
      ? values.short
        ? SHORT_REPLICA_PLAN
        : REPLICA_PLAN
      : values.short
        ? SHORT_PLAN
        : FULL_PLAN),
  };
  if (values.logs) plan.keepLogsIn = values.logs;
  if (values.faults)
    plan.faults = values.faults
      .split(',')
      .map((part) => toPart(part.trim(), values.replicas ? SERVICES : PARTS));
  const log = (line: string) =>
    process.stdout.write(`chaos  ${new Date().toISOString().slice(11, 19)}  ${line}\n`);
  log(
    values.replicas
      ? `replicas: ${plan.replicas} per service; one killed in turn of ${plan.faults.join(', ')}; ${plan.workers} load workers`
      : `faults: ${plan.faults.join(', ')}; ${plan.workers} load workers; each part down ${plan.downMs / 1000} s`,
  );
  const report = await runChaos(plan, log);
  process.stdout.write(formatReport(report));
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  return report.targets.every((target) => target.pass) ? 0 : 1;
}

function toPart(name: string, parts: readonly Part[]): Part {
  if (!parts.includes(name as Part))
    throw new Error(`unknown part "${name}"; parts: ${parts.join(', ')}`);
  return name as Part;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `chaos run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
