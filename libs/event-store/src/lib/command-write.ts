import { appendRowsFragment, dueJobRowsFragment, outboxRowsFragment } from './batch-fragments';
import type { ScopedDueJob } from './batch-fragments';
import { dueJobsFragment } from './due-jobs';
import { appendFragment } from './event-store';
import type { NotifyThrottle } from './notify-throttle';
import { OUTBOX_CHANNEL, outboxFragment } from './outbox';
import type { InlineProjection, StreamChange } from './projection';
import { composeWith } from './sql-fragment';
import { snapshotsFragment } from './stream-snapshot';
import type { SqlFragment } from './sql-fragment';
import { sql } from './sql-runner';
import type { SqlRunner } from './sql-runner';
import type { PendingWrite, StreamEntry } from './unit-of-work';

/**
 * Past this many streams a write sends its rows as JSON arrays (batch-fragments.ts), whose statement
 * text does not depend on the row count: a consumer's batches of any size then share one plan. Below
 * it each stream's append is a plain VALUES list, the cheapest for the one- and two-stream commands
 * of the API.
 */
const BULK_STREAMS = 3;

type Part = { name: string; fragment: SqlFragment };

interface AppendedRow {
  stream_id: string;
  version: number;
  global_position: string;
}

/**
 * Writes what an attempt decided in ONE statement, which PostgreSQL runs atomically: events of every
 * stream (each numbered after the version it was read at, so the unique stream_id + version refuses
 * the whole write if another command appended first), the streams' snapshots when due, inline read
 * models, outbox rows and due jobs.
 * Fills in the appended events' global positions. A write with outbox rows wakes the relay when
 * `relayWakeups` says it is time (see NotifyThrottle).
 */
export async function writePending(
  runner: SqlRunner,
  pending: PendingWrite,
  relayWakeups: NotifyThrottle,
): Promise<void> {
  const { streams, messages } = pending;
  const bulk = streams.length > BULK_STREAMS || streams.some((entry) => entry.decisions > 1);
  const wake =
    messages.length > 0 && relayWakeups.due()
      ? `, pg_notify('${OUTBOX_CHANNEL}', '') AS notified`
      : '';
  const positions = bulk
    ? 'appended'
    : `(${streams.map((_, i) => `SELECT stream_id, version, global_position FROM appended_${i}`).join(' UNION ALL ')}) AS appended`;
  const { statement, values } = composeWith(
    partsOf(runner, pending, bulk),
    `SELECT stream_id, version, global_position${wake} FROM ${positions}`,
  );
  const rows = await runner.query<AppendedRow>(statement, values);
  const byKey = new Map(
    rows.map((row) => [`${row.stream_id}@${row.version}`, Number(row.global_position)]),
  );
  for (const entry of streams)
    for (const event of entry.appended)
      event.globalPosition = byKey.get(`${event.streamId}@${event.version}`) ?? 0;
}

/** The statement's parts: appends first, then read models, other writes, outbox rows and due jobs. */
function partsOf(runner: SqlRunner, pending: PendingWrite, bulk: boolean): Part[] {
  const { streams, messages, jobs } = pending;
  const parts: Part[] = bulk
    ? [{ name: 'appended', fragment: appendRowsFragment(streams.flatMap((s) => s.appended)) }]
    : streams.map((entry, i) => ({ name: `appended_${i}`, fragment: appendOf(entry) }));
  if (pending.snapshots.length > 0)
    parts.push({ name: 'snapshotted', fragment: snapshotsFragment(pending.snapshots) });
  projectionWrites(runner, streams).forEach((fragment, i) =>
    parts.push({ name: `projected_${i}`, fragment }),
  );
  pending.also.forEach((fragment, i) => parts.push({ name: `also_${i}`, fragment }));
  if (messages.length > 0)
    parts.push({
      name: 'sent',
      fragment: bulk ? outboxRowsFragment(messages) : outboxFragment(messages),
    });
  if (jobs.length > 0) parts.push({ name: 'scheduled', fragment: jobsFragment(jobs, bulk) });
  return parts;
}

function appendOf(entry: StreamEntry): SqlFragment {
  return appendFragment({
    streamId: entry.streamId,
    streamType: entry.streamType,
    expectedVersion: entry.readVersion,
    events: entry.appended,
    metadata: entry.appended[0].metadata,
  });
}

/**
 * Each read model's writes: per changed stream, or all changed streams at once for a projection
 * that can write them together (fewer, larger statements for a batch).
 */
function projectionWrites(runner: SqlRunner, streams: readonly StreamEntry[]): SqlFragment[] {
  const changes = new Map<InlineProjection, StreamChange[]>();
  for (const entry of streams)
    for (const projection of entry.projections) {
      const change = { stream: entry.stream, appended: entry.appended };
      const known = changes.get(projection);
      if (known) known.push(change);
      else changes.set(projection, [change]);
    }
  const fragments: SqlFragment[] = [];
  for (const [projection, changed] of changes)
    fragments.push(
      ...((changed.length > 1 && projection.writeBatch?.(runner, changed)) ||
        changed.flatMap((change) => projection.write(runner, change))),
    );
  return fragments;
}

/** Due jobs as VALUES when they share a tenant (a command's), else as rows of several tenants. */
function jobsFragment(jobs: readonly ScopedDueJob[], bulk: boolean): SqlFragment {
  const [{ accountId, mode }] = jobs;
  const oneTenant = jobs.every((job) => job.accountId === accountId && job.mode === mode);
  return bulk || !oneTenant ? dueJobRowsFragment(jobs) : dueJobsFragment(jobs, { accountId, mode });
}

/** Lets a command in a caller's transaction lose a race without aborting that transaction. */
const SAVEPOINT = sql('command-handler.savepoint', 'SAVEPOINT command_write');
const RELEASE_SAVEPOINT = sql(
  'command-handler.release-savepoint',
  'RELEASE SAVEPOINT command_write',
);
const ROLLBACK_TO_SAVEPOINT = sql(
  'command-handler.rollback-to-savepoint',
  'ROLLBACK TO SAVEPOINT command_write',
);

/** `work` in a savepoint of the caller's transaction: if it fails, the transaction goes on without it. */
export async function underSavepoint<T>(runner: SqlRunner, work: () => Promise<T>): Promise<T> {
  await runner.query(SAVEPOINT);
  try {
    const result = await work();
    await runner.query(RELEASE_SAVEPOINT);
    return result;
  } catch (error) {
    await runner.query(ROLLBACK_TO_SAVEPOINT).catch(() => undefined);
    throw error;
  }
}
