/**
 * The short chaos run under jest: the harness (tools/chaos/src/main.ts --short) in a child process,
 * then one assertion per target on the report it wrote. About two minutes; stopped after four.
 */
import { runShortHarness } from '../src/harness-run';
import type { ChaosReport } from '../src/report';
import { itHoldsTheCommonTargets } from './report-targets';
import type { ShortRun } from './report-targets';

const RUN_LIMIT_MS = 240_000;

describe('The platform under faults (short run: the broker killed, payments killed, PostgreSQL restarted, under load)', () => {
  let run: ShortRun;

  beforeAll(async () => {
    run = await runShortHarness<ChaosReport>('chaos', RUN_LIMIT_MS);
  }, RUN_LIMIT_MS + 30_000); // time for the harness to stop its platform after a SIGTERM and report

  itHoldsTheCommonTargets(() => run, 'a part');
  // How soon (the 10 s target) is a figure of the report `npm run chaos` prints, never asserted here:
  // on a busy machine recovery takes longer without anything being wrong. That it happens is.
  it('serves, is ready and consumes again after each part returns', () =>
    expect(
      run.report.recoveries.filter((r) =>
        [r.readyMs, r.servingMs, r.consumingMs].some((ms) => ms === null),
      ),
    ).toEqual([]));
});
