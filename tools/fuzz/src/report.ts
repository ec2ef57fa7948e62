/** The run's figures: requests by status class, then every failure with its request and answer. */
import type { Verdict } from './verdict';

export interface Failure {
  verdict: Verdict;
  method: string;
  path: string;
  kind: string;
  detail: string;
  status: number | null;
  /** The answer's first 300 characters (or the client's error). */
  body: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  /** Requests sent, and those left unsent by the request or time limit. */
  requests: number;
  unsent: number;
  elapsedMs: number;
  byStatusClass: Record<string, number>;
  byStatus: Record<string, number>;
  failures: Failure[];
}

export function formatReport(report: FuzzReport): string {
  const lines = [
    '',
    `fuzz: ${report.requests} requests over ${report.operations} operations (seed ${report.seed}) in ${(report.elapsedMs / 1000).toFixed(1)} s${report.unsent ? `; ${report.unsent} left unsent by the limits` : ''}`,
    `by status class: ${Object.entries(report.byStatusClass)
      .sort()
      .map(([cls, n]) => `${cls} ${n}`)
      .join(', ')}`,
    `by status: ${Object.entries(report.byStatus)
      .sort()
      .map(([status, n]) => `${status} ×${n}`)
      .join(', ')}`,
  ];
  const byVerdict = new Map<Verdict, Failure[]>();
  for (const failure of report.failures)
    byVerdict.set(failure.verdict, [...(byVerdict.get(failure.verdict) ?? []), failure]);
  lines.push(
    report.failures.length === 0
      ? 'PASS: no 5xx, nothing that must be refused accepted, every error in the envelope'
      : `FAIL: ${report.failures.length} requests`,
  );
  for (const [verdict, failures] of byVerdict) {
    lines.push('', `${verdict}: ${failures.length}`);
    for (const f of failures)
      lines.push(
        `  ${f.method} ${truncate(f.path, 120)}  [${f.kind}: ${truncate(f.detail, 80)}]  → ${f.status ?? '-'} ${truncate(f.body, 200)}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…` : text;
