/**
 * The short replica run under jest: the harness (tools/chaos/src/main.ts --short --replicas) in a
 * child process, two replicas of each service behind round-robin fronts, one replica of payments and
 * then of webhooks killed under load and left down once the survivor has taken over; one assertion
 * per target on the report it wrote. About two minutes, most of it the platform's start.
 */
import { runShortHarness } from '../src/harness-run';
import type { ChaosReport } from '../src/report';
import { TAKEOVER_TARGET } from '../src/report';
import { TAKEOVER_FIELDS } from '../src/takeover';
import { itHoldsTheCommonTargets } from './report-targets';
import type { ShortRun } from './report-targets';

const RUN_LIMIT_MS = 300_000;

describe('Two replicas of each service, one killed in turn under load (short run: payments, then webhooks)', () => {
  let run: ShortRun;

  beforeAll(async () => {
    run = await runShortHarness<ChaosReport>('chaos', RUN_LIMIT_MS, ['--replicas']);
  }, RUN_LIMIT_MS + 30_000); // time for the harness to stop its platform after a SIGTERM and report

  itHoldsTheCommonTargets(() => run, 'a replica');
  // How soon (the 10 s target) is a figure of the report `npm run chaos -- --replicas` prints, never
  // asserted here; that the survivor takes over everything the dead replica did is.
  it('has the survivor serve, publish the outbox, consume the dead replica’s partitions, run due jobs and deliver webhooks', () => {
    expect(run.report.targets.some((t) => t.name.startsWith(TAKEOVER_TARGET))).toBe(true);
    expect(run.report.takeovers?.map((t) => t.killed)).toEqual([
      expect.stringMatching(/^payments/),
      expect.stringMatching(/^webhooks/),
    ]);
    const [payments, webhooks] = run.report.takeovers ?? [];
    expect(payments).toMatchObject({ ledRelay: true, dueJobsMs: expect.any(Number) });
    expect(webhooks).toMatchObject({ deliveriesMs: expect.any(Number) });
    expect(
      run.report.takeovers?.flatMap((t) =>
        TAKEOVER_FIELDS.filter((field) => t[field] === null).map((field) => `${t.killed} ${field}`),
      ),
    ).toEqual([]);
  });
});
