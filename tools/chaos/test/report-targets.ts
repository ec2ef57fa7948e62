import type { ChaosReport, Target } from '../src/report';

/** A short run's report and the harness's output, once its beforeAll has run. */
export interface ShortRun {
  report: ChaosReport;
  output: string;
}

/** null when the target passed; else its line and the evidence, which jest then prints whole. */
export function failureOf(
  run: ShortRun,
  prefix: string,
  evidence: unknown = undefined,
): { target: Target; evidence: unknown } | null {
  const found = run.report.targets.find((t) => t.name.startsWith(prefix));
  if (!found) throw new Error(`no target "${prefix}" in the report:\n${run.output}`);
  return found.pass ? null : { target: found, evidence };
}

/**
 * The targets every chaos run holds, one test each: nothing lost, nothing applied twice, every keyed
 * retry answered as first, no 500, only 503 + Retry-After while something is down, every call through
 * within the plan's time. How soon things recover is a figure of the report, never asserted.
 */
export function itHoldsTheCommonTargets(run: () => ShortRun, whileDown: string): void {
  const failedChecks = (checks: { failed: number }[]) => checks.filter((f) => f.failed > 0);
  // Each: the test's title, the target's line in the report, and the evidence printed if it fails.
  const targets: [string, string, (report: ChaosReport) => unknown][] = [
    [
      'loses no acknowledged write and no event',
      '0 acknowledged writes lost',
      (report) => failedChecks(report.checks.lost),
    ],
    [
      'applies no effect twice',
      '0 effects applied twice',
      (report) => failedChecks(report.checks.twice),
    ],
    [
      'answers every keyed retry with the original outcome (no write refused after it was made)',
      'every keyed retry gets the original outcome',
      (report) => failedChecks(report.checks.refusedThoughApplied),
    ],
    [
      'never answers 500',
      '0 × 500',
      (report) => report.evidence.filter((f) => f.status === 500).slice(0, 5),
    ],
    [
      `answers 503 with Retry-After while ${whileDown} is down, and fails no other way`,
      'every failure while',
      (report) => report.evidence.slice(0, 5),
    ],
    [
      'lets every call through within the plan’s time of retrying',
      'every call gets through',
      (report) => report.keysInProgress.slice(0, 3),
    ],
  ];
  for (const [title, prefix, evidence] of targets)
    it(title, () => expect(failureOf(run(), prefix, evidence(run().report))).toBeNull());
}
