/**
 * The run's figures as tables, and the targets as pass/fail lines: 0 acknowledged writes lost, 0
 * effects applied twice, every keyed retry answered with the original outcome, 0 × 500, every failure while a part is down a 503 with Retry-After, every
 * part serving again within 10 s of its return, and every call through within the plan's time (30 s
 * in the full runs) of retrying.
 */
import type { CheckResults } from './checks';
import type { Failure, Journal, Kind } from './journal';
import { KINDS } from './journal';
import type { Writes } from './load';
import type { Recovery } from './recovery';
import { TAKEOVER_FIELDS } from './takeover';
import type { Takeover, TakeoverField } from './takeover';

export const RECOVERY_TARGET_MS = 10_000;

export interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

export interface ChaosReport {
  writes: Record<string, number>;
  phases: ReturnType<Journal['phases']>;
  recoveries: Recovery[];
  /** Replica mode: how soon the survivor took over from each replica killed. */
  takeovers?: Takeover[];
  checks: CheckResults;
  targets: Target[];
  /** Client errors for valid requests, by description (read-your-writes refusals, retries refused). */
  clientErrors: Record<string, number>;
  /** Idempotency keys refused as "in progress" (409), with the failed answers their calls got, in order, e.g. "503 ×3, 409 ×60" (at most 10). */
  keysInProgress: { key: string; path: string; answers: string }[];
  /** The failures that break a target (at most 50), as the client saw them. */
  evidence: Failure[];
  pipelineSettled: boolean;
}

/** What a client may see while a part is down: a 503 in the envelope with Retry-After. Connection errors while the gateway itself is down cannot be anything else. */
export function isAcceptableWhileDown(failure: Failure): boolean {
  if (failure.kind === 'unavailable' || failure.kind === 'client error') return true;
  return failure.down === 'gateway' && failure.kind === 'connection';
}

export function buildReport(input: {
  writes: Writes;
  journal: Journal;
  recoveries: Recovery[];
  takeovers?: Takeover[];
  checks: CheckResults;
  pipelineSettled: boolean;
}): ChaosReport {
  const { journal, recoveries, checks, takeovers } = input;
  const failures = journal.failures();
  const serverErrors = failures.filter((f) => f.kind === 'server error');
  const badWhileDown = failures.filter(
    (f) => f.down !== null && (!isAcceptableWhileDown(f) || (f.status !== null && !f.envelope)),
  );
  // With every part up, only a refusal of the request itself (4xx, in the envelope) is an acceptable failure.
  const badOtherwise = failures.filter(
    (f) => f.down === null && (f.kind !== 'client error' || !f.envelope),
  );
  const slow = recoveries.filter((r) =>
    [r.readyMs, r.servingMs, r.consumingMs].some((ms) => ms === null || ms > RECOVERY_TARGET_MS),
  );
  const lost = checks.lost.reduce((sum, f) => sum + f.failed, 0);
  const twice = checks.twice.reduce((sum, f) => sum + f.failed, 0);
  const refusedThoughApplied = checks.refusedThoughApplied.reduce((sum, f) => sum + f.failed, 0);
  const slowCalls = journal.phases().reduce((sum, phase) => sum + phase.slowCalls, 0);
  const stuck = journal.phases().reduce((sum, phase) => sum + phase.gaveUp, 0);
  const targets: Target[] = [
    {
      name: '0 acknowledged writes lost',
      pass: lost === 0 && input.pipelineSettled,
      detail: `${lost} lost${input.pipelineSettled ? '' : '; the event pipeline never settled'}`,
    },
    { name: '0 effects applied twice', pass: twice === 0, detail: `${twice} applied twice` },
    {
      name: 'every keyed retry gets the original outcome',
      pass: refusedThoughApplied === 0,
      detail: `${refusedThoughApplied} writes applied though a retry with their key was refused`,
    },
    {
      name: '0 × 500',
      pass: serverErrors.length === 0,
      detail: `${serverErrors.length} answers 500`,
    },
    {
      name: 'every failure while a part is down is a 503 with Retry-After (and no other failure with every part up)',
      pass: badWhileDown.length + badOtherwise.length === 0,
      detail: `${badWhileDown.length} other failures while a part was down (${summarise(badWhileDown)}), ${badOtherwise.length} with every part up (${summarise(badOtherwise)})`,
    },
    takeovers
      ? takeoverTarget(takeovers)
      : {
          name: `every part serving again within ${RECOVERY_TARGET_MS / 1000} s of its return`,
          pass: slow.length === 0,
          detail: slow.length === 0 ? 'all' : `slow: ${slow.map((r) => r.part).join(', ')}`,
        },
    // A call still refused long after every part is back (an idempotency key left in flight, say) is a client that cannot get through.
    {
      name: `every call gets through within ${journal.slowCallMs / 1000} s of retrying`,
      pass: slowCalls + stuck === 0,
      detail: `${slowCalls} took longer, ${stuck} never got through`,
    },
  ];
  const clientErrors: Record<string, number> = {};
  for (const failure of failures.filter((f) => f.kind === 'client error')) {
    const description = `${failure.status} ${describe(failure)}`;
    clientErrors[description] = (clientErrors[description] ?? 0) + 1;
  }
  const writes = Object.fromEntries(
    Object.entries(input.writes).flatMap(([name, value]) =>
      value instanceof Map || name.startsWith('unacknowledged')
        ? []
        : [[name, typeof value === 'number' ? value : value.length]],
    ),
  );
  return {
    writes,
    phases: journal.phases(),
    recoveries,
    ...(takeovers ? { takeovers } : {}),
    checks,
    targets,
    clientErrors,
    keysInProgress: keysInProgress(failures),
    evidence: [...serverErrors, ...badWhileDown, ...badOtherwise].slice(0, 50),
    pipelineSettled: input.pipelineSettled,
  };
}

/** The name of the replica-mode target: the jest run asserts that each takeover happened, not how soon. */
export const TAKEOVER_TARGET = 'the survivor takes over';

function takeoverTarget(takeovers: readonly Takeover[]): Target {
  const late = takeovers.flatMap((t) =>
    TAKEOVER_FIELDS.filter((field) => {
      const ms = t[field];
      return ms === null || (ms !== undefined && ms > RECOVERY_TARGET_MS);
    }).map((field) => `${t.killed} ${TAKEOVER_NAMES[field]} ${seconds(t[field] ?? null)}`),
  );
  return {
    name: `${TAKEOVER_TARGET} serving, relay, consumers, due jobs and deliveries within ${RECOVERY_TARGET_MS / 1000} s of a replica's death`,
    pass: late.length === 0,
    detail: late.length === 0 ? `all, after ${takeovers.length} kills` : `late: ${late.join(', ')}`,
  };
}

const TAKEOVER_NAMES: Record<TakeoverField, string> = {
  servingMs: 'serving',
  relayMs: 'relay',
  consumingMs: 'consumers',
  dueJobsMs: 'due jobs',
  deliveriesMs: 'deliveries',
};

const seconds = (value: number | null) =>
  value === null ? 'never' : `${(value / 1000).toFixed(1)} s`;

function keysInProgress(failures: readonly Failure[]): ChaosReport['keysInProgress'] {
  const stories = new Map<string, { path: string; answers: string[] }>();
  for (const f of failures) {
    if (f.key === null) continue;
    const story = stories.get(f.key) ?? { path: f.path, answers: [] };
    stories.set(f.key, story);
    story.answers.push(f.status === null ? String(f.error) : String(f.status));
  }
  return [...stories]
    .filter(([, story]) => story.answers.includes('409'))
    .slice(0, 10)
    .map(([key, story]) => ({ key, path: story.path, answers: runs(story.answers) }));
}

/** "503 ×3, 409 ×60, 400": repeated answers counted. */
function runs(answers: readonly string[]): string {
  const counted: [string, number][] = [];
  for (const answer of answers) {
    const last = counted[counted.length - 1];
    if (last && last[0] === answer) last[1]++;
    else counted.push([answer, 1]);
  }
  return counted.map(([answer, n]) => (n === 1 ? answer : `${answer} ×${n}`)).join(', ');
}

function describe(failure: Failure): string {
  try {
    return String(
      (JSON.parse(failure.body) as { error?: { description?: string } }).error?.description ??
        failure.body.slice(0, 80),
    );
  } catch {
    return failure.body.slice(0, 80);
  }
}

function summarise(failures: readonly Failure[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) {
    const label =
      f.status === null
        ? String(f.error)
        : `${f.status}${f.envelope ? '' : ' non-envelope'}${f.status === 503 && f.retryAfter === null ? ' no Retry-After' : ''}`;
    const where = f.down === null ? `in ${f.phase}` : `while ${f.down} down`;
    counts.set(`${label} ${where}`, (counts.get(`${label} ${where}`) ?? 0) + 1);
  }
  return [...counts].map(([label, n]) => `${n} × ${label}`).join(', ') || 'none';
}

const SHORT: Record<Kind, string> = {
  ok: 'ok',
  'client error': '4xx',
  unavailable: '503+RA',
  'unavailable, bad': '503 bad',
  'server error': '500',
  'bad gateway': '502/504',
  timeout: 'timeout',
  connection: 'conn err',
};

export function formatReport(report: ChaosReport): string {
  const lines: string[] = [];
  lines.push(
    '',
    'Acknowledged writes: ' +
      Object.entries(report.writes)
        .map(([name, n]) => `${name} ${n}`)
        .join(', '),
  );
  lines.push(
    '',
    'What clients saw (answers per phase; 503+RA = 503 in the envelope with Retry-After):',
  );
  lines.push(
    table(
      ['phase', 'requests', ...KINDS.map((k) => SHORT[k]), 'non-envelope', 'slow calls', 'gave up'],
      report.phases.map((p) => [
        p.phase,
        p.requests,
        ...KINDS.map((k) => p.kinds[k]),
        p.nonEnvelope,
        p.slowCalls,
        p.gaveUp,
      ]),
    ),
  );
  lines.push(...(report.takeovers ? takeoverTable(report.takeovers) : recoveryTable(report)));
  lines.push(
    '',
    `Checks (${report.checks.events} events on Kafka, ${report.checks.duplicateEvents} published more than once):`,
  );
  lines.push(
    table(
      ['check', 'checked', 'failed', 'examples'],
      [
        ...report.checks.lost,
        ...report.checks.twice,
        ...report.checks.unacknowledged,
        ...report.checks.refusedThoughApplied,
      ].map((f) => [f.check, f.checked, f.failed, f.examples.join('; ')]),
    ),
  );
  const refused = Object.entries(report.clientErrors).sort((a, b) => b[1] - a[1]);
  if (refused.length > 0)
    lines.push(
      '',
      'Valid requests refused (4xx):',
      ...refused.slice(0, 8).map(([what, n]) => `  ${n} × ${what}`),
    );
  if (report.keysInProgress.length > 0) {
    lines.push(
      '',
      'Idempotency keys answered 409 "in progress" (the failed answers of each call, in order):',
    );
    for (const story of report.keysInProgress.slice(0, 5))
      lines.push(`  POST ${story.path} key ${story.key}: ${story.answers}`);
  }
  if (report.evidence.length > 0) {
    lines.push('', 'Evidence (first failures breaking a target):');
    for (const f of report.evidence.slice(0, 10))
      lines.push(
        `  [${f.phase}] ${f.method} ${f.path} #${f.attempt}${f.key ? ` (key ${f.key})` : ''} → ${f.status ?? f.error} in ${f.latencyMs} ms, Retry-After ${f.retryAfter ?? '-'}: ${f.body.slice(0, 160)}`,
      );
  }
  lines.push(
    '',
    'Targets:',
    ...report.targets.map((t) => `  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.detail}`),
    '',
  );
  return lines.join('\n');
}

function recoveryTable(report: ChaosReport): string[] {
  return [
    '',
    "Recovery (from the part's return: restarted, or accepting connections again):",
    table(
      ['part', 'down', 'ready', 'serving via gateway', 'consumers caught up'],
      report.recoveries.map((r) => [
        r.part,
        seconds(r.downMs),
        seconds(r.readyMs),
        seconds(r.servingMs),
        r.groups.length === 0 ? '-' : seconds(r.consumingMs),
      ]),
    ),
  ];
}

function takeoverTable(takeovers: readonly Takeover[]): string[] {
  return [
    '',
    "Takeover (from a replica's SIGKILL until the other replica does its work; - where the service has none):",
    table(
      [
        'replica killed',
        'led relay',
        ...TAKEOVER_FIELDS.map((f) => TAKEOVER_NAMES[f]),
        'back after',
      ],
      takeovers.map((t) => [
        t.killed,
        t.ledRelay ? 'yes' : 'no',
        ...TAKEOVER_FIELDS.map((field) =>
          t[field] === undefined ? '-' : seconds(t[field] ?? null),
        ),
        t.downMs === null ? 'left down' : seconds(t.downMs),
      ]),
    ),
  ];
}

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  return cells
    .map(
      (row) =>
        '  ' +
        row
          .map((cell, column) =>
            column === 0 || (column === row.length - 1 && header[column] === 'examples')
              ? cell.padEnd(widths[column])
              : cell.padStart(widths[column]),
          )
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}
