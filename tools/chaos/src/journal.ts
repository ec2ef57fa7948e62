/**
 * What clients saw: every answer of the load, counted by phase (which part was down, if any) and by
 * kind, with the failures themselves kept (status, body, headers, latency) as evidence.
 */
import type { Seen } from './seen';

export type Kind =
  | 'ok'
  | 'client error'
  | 'unavailable'
  | 'unavailable, bad'
  | 'server error'
  | 'bad gateway'
  | 'timeout'
  | 'connection';

export const KINDS: readonly Kind[] = [
  'ok',
  'client error',
  'unavailable',
  'unavailable, bad',
  'server error',
  'bad gateway',
  'timeout',
  'connection',
];

export interface Failure {
  at: number;
  phase: string;
  /** The part that was down (from its kill to its recovery), or null. */
  down: string | null;
  kind: Kind;
  method: string;
  path: string;
  attempt: number;
  /** The Idempotency-Key the call carried (null on a GET). */
  key: string | null;
  status: number | null;
  error: string | null;
  retryAfter: string | null;
  /** The body is the API's error envelope. */
  envelope: boolean;
  body: string;
  latencyMs: number;
}

export interface PhaseCounts {
  phase: string;
  requests: number;
  kinds: Record<Kind, number>;
  nonEnvelope: number;
  /** Calls that took longer than the journal's `slowCallMs` to get an answer, retries included. */
  slowCalls: number;
  /** Calls that ended without a success after all their retries. */
  gaveUp: number;
}

export interface Journal {
  /** A call that takes longer than this to get through, retries included, counts as slow. */
  readonly slowCallMs: number;
  record(
    entry: {
      method: string;
      path: string;
      attempt: number;
      key: string | null;
      latencyMs: number;
    } & Seen,
  ): void;
  /** A call ended: answered (`gaveUp` false) or still failing after all its retries. */
  callEnded(call: { gaveUp: boolean; ms: number }): void;
  /** From now on, answers count under this phase; `down` names the part being faulted. */
  enter(phase: string, down: string | null): void;
  setDown(down: string | null): void;
  phases(): PhaseCounts[];
  failures(): readonly Failure[];
}

export function kindOf(
  seen: Pick<Seen, 'status' | 'error' | 'retryAfter'>,
  envelope: boolean,
): Kind {
  if (seen.status === null) return seen.error === 'timeout' ? 'timeout' : 'connection';
  if (seen.status < 400) return 'ok';
  if (seen.status < 500) return 'client error';
  if (seen.status === 503)
    return envelope && seen.retryAfter !== null ? 'unavailable' : 'unavailable, bad';
  if (seen.status === 500) return 'server error';
  return 'bad gateway';
}

/** `{"error":{"code":…,"description":…}}`, as libs/http writes it. */
export function isEnvelope(json: Record<string, unknown> | null): boolean {
  const error = json?.['error'] as Record<string, unknown> | undefined;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof error['code'] === 'string' &&
    typeof error['description'] === 'string'
  );
}

export function createJournal(slowCallMs: number): Journal {
  let current = { phase: 'start', down: null as string | null };
  const counts = new Map<string, PhaseCounts>();
  const failures: Failure[] = [];
  const phaseRow = () => {
    const row = counts.get(current.phase) ?? {
      phase: current.phase,
      requests: 0,
      kinds: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
      nonEnvelope: 0,
      slowCalls: 0,
      gaveUp: 0,
    };
    counts.set(current.phase, row);
    return row;
  };
  return {
    slowCallMs,
    record(entry) {
      const envelope = isEnvelope(entry.json);
      const kind = kindOf(entry, envelope);
      const row = phaseRow();
      row.requests++;
      row.kinds[kind]++;
      if (kind === 'ok') return;
      if (entry.status !== null && !envelope) row.nonEnvelope++;
      failures.push({
        at: Date.now(),
        ...current,
        kind,
        method: entry.method,
        path: entry.path,
        attempt: entry.attempt,
        key: entry.key,
        status: entry.status,
        error: entry.error,
        retryAfter: entry.retryAfter,
        envelope,
        body: entry.text.slice(0, 500),
        latencyMs: entry.latencyMs,
      });
    },
    callEnded: ({ gaveUp, ms }) => {
      const row = phaseRow();
      if (gaveUp) row.gaveUp++;
      else if (ms > slowCallMs) row.slowCalls++;
    },
    enter: (phase, down) => void (current = { phase, down }),
    setDown: (down) => void (current = { ...current, down }),
    phases: () => [...counts.values()],
    failures: () => failures,
  };
}
