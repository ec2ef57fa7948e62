/**
 * The short fuzz run under jest: the harness (tools/fuzz/src/main.ts --short) in a child process,
 * then one assertion per kind of failure on the report it wrote, each printing its requests whole.
 * Kept under three minutes, the platform's start included.
 */
// eslint-disable-next-line @nx/enforce-module-boundaries -- the short run under jest as the chaos suite runs its own (its harness in a child process); both are tools, never deployed
import { runShortHarness } from '../../chaos/src/harness-run';
import type { FuzzReport } from '../src/report';
import type { Verdict } from '../src/verdict';

// The platform starts in 25–100 s (the latter on a busy machine), then 60 s of requests, then its stop.
const RUN_LIMIT_MS = 180_000;

describe("Hostile input to every operation (short run: a seeded sample of each one's variants)", () => {
  let report: FuzzReport;
  const failing = (verdict: Verdict) =>
    report.failures.filter((failure) => failure.verdict === verdict);

  beforeAll(async () => {
    ({ report } = await runShortHarness<FuzzReport>('fuzz', RUN_LIMIT_MS));
  }, RUN_LIMIT_MS + 10_000);

  it('sends every planned request', () =>
    expect([report.requests, report.unsent]).toEqual([expect.any(Number), 0]));
  it('never answers 5xx', () => expect(failing('5xx')).toEqual([]));
  it('refuses every input the API must refuse', () =>
    expect(failing('accepted input that must be refused')).toEqual([]));
  it('answers every error in the envelope', () =>
    expect(failing('error outside the envelope')).toEqual([]));
  it('answers every request', () => expect(failing('no answer')).toEqual([]));
});
