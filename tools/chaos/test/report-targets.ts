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
  it('loses no acknowledged write and no event', () =>
    expect(
      failureOf(
        run(),
        '0 acknowledged writes lost',
        run().report.checks.lost.filter((f) => f.failed > 0),
      ),
    ).toBeNull());
  it('applies no effect twice', () =>
    expect(
      failureOf(
        run(),
        '0 effects applied twice',
        run().report.checks.twice.filter((f) => f.failed > 0),
      ),
    ).toBeNull());
  it('answers every keyed retry with the original outcome (no write refused after it was made)', () =>
    expect(
      failureOf(
        run(),
        'every keyed retry gets the original outcome',
        run().report.checks.refusedThoughApplied.filter((f) => f.failed > 0),
      ),
    ).toBeNull());
  it('never answers 500', () =>
    expect(
      failureOf(
        run(),
        '0 × 500',
        run()
          .report.evidence.filter((f) => f.status === 500)
          .slice(0, 5),
      ),
    ).toBeNull());
  it(`answers 503 with Retry-After while ${whileDown} is down, and fails no other way`, () =>
    expect(failureOf(run(), 'every failure while', run().report.evidence.slice(0, 5))).toBeNull());
  it('lets every call through within the plan’s time of retrying', () =>
    expect(
      failureOf(run(), 'every call gets through', run().report.keysInProgress.slice(0, 3)),
    ).toBeNull());
}
