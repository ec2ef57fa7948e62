import { DomainError } from '@platform/domain-kit';
import type { Command, Event } from '@platform/domain-kit';
import type { ScopedDueJob } from './batch-fragments';
import type {
  AnySpec,
  CommandResult,
  CommandSpec,
  Scope,
  StreamKind,
  UnitOfWork,
} from './command-spec';
import { decideOn, stateOf } from './decision';
import type { FoldedStream } from './decision';
import { readStream } from './event-store';
import type { RecordedStream } from './idempotent-outcomes';
import type { OutboxMessage } from './outbox';
import type { InlineProjection, ProjectedRow, RowProjection } from './projection';
import type { SqlFragment } from './sql-fragment';
import type { SqlRunner } from './sql-runner';
import type { StoredEvent } from './stored-event';
import {
  fromSnapshot,
  readFromSnapshot,
  readStreamsFromSnapshots,
  SNAPSHOT_EVERY,
  snapshotOf,
  versionOf,
} from './stream-snapshot';
import type { ReadBase, SnapshotRow } from './stream-snapshot';

/** One stream a unit read or decided on, and what its decisions appended to it. */
export interface StreamEntry extends FoldedStream {
  streamId: string;
  streamType: string;
  /** The version the stream had when read: its append expects it (unique stream_id, version). */
  readVersion: number;
  appended: StoredEvent[];
  /** How many decisions appended to it (more than one: its events carry different metadata). */
  decisions: number;
  /** Each decision on it, in order: the version after it, or null when it was refused. */
  decided: (number | null)[];
  projections: InlineProjection[];
  /** The snapshot version of the decider that decided on it last (none: not snapshotted). */
  snapshotVersion?: number;
}

/** Everything one attempt of a plan writes, in the order the plan decided it. */
export interface PendingWrite {
  streams: readonly StreamEntry[];
  messages: readonly OutboxMessage[];
  jobs: readonly ScopedDueJob[];
  also: readonly SqlFragment[];
  /** The streams' new snapshots, when enough events were appended since the one read. */
  snapshots: readonly SnapshotRow[];
}

/**
 * One attempt of a plan: the streams it read (each read once), its decisions, and what they write.
 * Decisions only change this object; the command handler writes it all in one statement afterwards.
 */
export class AttemptUnit implements UnitOfWork {
  private readonly entries = new Map<string, StreamEntry>();
  private prefetched: Map<string, { events: StoredEvent[]; base?: ReadBase }> | null = null;
  private readonly messages: OutboxMessage[] = [];
  private readonly jobs: ScopedDueJob[] = [];
  private readonly also: SqlFragment[] = [];

  constructor(
    private readonly runner: SqlRunner,
    private readonly scope: Scope | undefined,
    /** On a retry a "new" stream is read after all: the conflict may have been its creation. */
    private readonly firstAttempt: boolean,
  ) {}

  async read<S, E extends Event>(kind: StreamKind<S, E>, streamId: string) {
    if (!this.scope) throw new Error('a plan without a scope reads only by deciding');
    const entry = await this.entry(kind.streamType, streamId, this.scope, false, kind.decider);
    return { state: stateOf(kind.decider, entry) as S, stream: entry.stream as StoredEvent<E>[] };
  }

  async decide<S, C extends Command, E extends Event>(
    spec: CommandSpec<S, C, E>,
  ): Promise<CommandResult<S, E>> {
    const tenant = spec.command.metadata;
    if (
      this.scope &&
      (tenant.accountId !== this.scope.accountId || tenant.mode !== this.scope.mode)
    )
      throw new Error(`command on ${spec.streamId} is outside the scope of its caller`);
    const entry = await this.entry(
      spec.streamType,
      spec.streamId,
      tenant,
      spec.isNew === true,
      spec.decider,
      spec.projections,
    );
    let result: CommandResult<unknown, Event>;
    try {
      result = decideOn(spec as AnySpec, entry);
    } catch (error) {
      if (error instanceof DomainError) entry.decided.push(null);
      throw error;
    }
    entry.decided.push(versionOf(result.stream));
    if (result.appended.length > 0) this.keep(spec as AnySpec, entry, result);
    return result as CommandResult<S, E>;
  }

  publish(messages: readonly OutboxMessage[]): void {
    this.messages.push(...messages);
  }

  alsoWrite(fragments: readonly SqlFragment[]): void {
    this.also.push(...fragments);
  }

  async prefetch(streamIds: readonly string[]): Promise<void> {
    const missing = [...new Set(streamIds)].filter((id) => !this.prefetched?.has(id));
    const read = await readStreamsFromSnapshots(this.runner, missing);
    this.prefetched ??= new Map();
    for (const id of missing) this.prefetched.set(id, read.get(id) ?? { events: [] });
  }

  /** What the decisions write; null when none appended anything. */
  pending(): PendingWrite | null {
    const streams = [...this.entries.values()].filter((entry) => entry.appended.length > 0);
    if (streams.length === 0) return null;
    const snapshots = streams.flatMap((entry) => snapshotAfter(entry) ?? []);
    return { streams, messages: this.messages, jobs: this.jobs, also: this.also, snapshots };
  }

  /** Every stream read or decided on, as an idempotent outcome records it (see ReplayUnit). */
  recordedStreams(): RecordedStream[] {
    return [...this.entries.values()].map((entry) => ({
      streamType: entry.streamType,
      streamId: entry.streamId,
      read: entry.readVersion,
      decisions: entry.decided,
    }));
  }

  private keep(spec: AnySpec, entry: StreamEntry, result: CommandResult<unknown, Event>): void {
    const { appended, stream } = result;
    entry.stream = stream;
    entry.folded = { evolve: spec.decider.evolve, state: result.state };
    entry.appended.push(...appended);
    entry.decisions++;
    entry.snapshotVersion = spec.decider.snapshotVersion;
    for (const projection of spec.projections ?? [])
      if (!entry.projections.includes(projection)) entry.projections.push(projection);
    if (spec.outbox) this.messages.push(...spec.outbox(appended, stream));
    if (spec.jobs) {
      const { accountId, mode } = spec.command.metadata;
      for (const job of spec.jobs(appended, stream)) this.jobs.push({ ...job, accountId, mode });
    }
    if (spec.also) this.also.push(...spec.also);
  }

  private async entry(
    streamType: string,
    streamId: string,
    tenant: Scope,
    isNew: boolean,
    decider: Folding,
    projections: readonly InlineProjection[] = [],
  ): Promise<StreamEntry> {
    const key = `${streamType}:${streamId}`;
    let entry = this.entries.get(key);
    if (entry && entry.decisions === 0 && !startsFromUsable(entry.stream, decider, projections)) {
      // Read for another decider version, or from a snapshot without one of these read models.
      this.entries.delete(key);
      entry = undefined;
      decider = { ...decider, snapshotVersion: undefined };
    }
    if (!entry) {
      const stream =
        isNew && this.firstAttempt && !this.prefetched?.has(streamId)
          ? []
          : await this.load(streamType, streamId, tenant, decider, projections);
      entry = {
        streamId,
        streamType,
        stream,
        readVersion: versionOf(stream),
        appended: [],
        decisions: 0,
        decided: [],
        projections: [],
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * A stream's history, of its type and tenant only: an id of another kind, account or mode reads as
   * not started, exactly like an unknown id. The one place a stream is loaded: for a decider with a
   * snapshot version, the latest snapshot of that version and the events after it (one query);
   * otherwise, or when the snapshot lacks a row one of the projections needs, the whole stream.
   */
  private async load(
    streamType: string,
    streamId: string,
    tenant: Scope,
    decider: Folding,
    projections: readonly InlineProjection[],
  ): Promise<StoredEvent[]> {
    const stream = { streamId, streamType };
    const prefetched = this.prefetched?.get(streamId);
    if (prefetched) {
      const { base } = prefetched;
      const events = prefetched.events.filter(
        (event) =>
          event.streamType === streamType &&
          event.metadata.accountId === tenant.accountId &&
          event.metadata.mode === tenant.mode,
      );
      const ours =
        base?.streamType === streamType &&
        base.accountId === tenant.accountId &&
        base.mode === tenant.mode;
      if (!base || (!ours && events.length === 0)) return events;
      const read = fromSnapshot(events, base);
      if (ours && startsFromUsable(read, decider, projections)) return read;
    }
    if (decider.snapshotVersion === undefined) return readStream(this.runner, stream, tenant);
    const read = await readFromSnapshot(this.runner, stream, tenant, decider.snapshotVersion);
    return startsFromUsable(read, decider, projections)
      ? read
      : readStream(this.runner, stream, tenant);
  }
}

type Folding = StreamKind<unknown, Event>['decider'];

/**
 * A stream read from a snapshot serves a decision only under the decider version that folded it and
 * when it holds the row of every row projection the decision writes.
 */
function startsFromUsable(
  stream: readonly StoredEvent[],
  decider: Folding,
  projections: readonly InlineProjection[],
): boolean {
  const base = snapshotOf(stream);
  if (!base) return true;
  return (
    base.snapshotVersion === decider.snapshotVersion &&
    projections.every((projection) => !('view' in projection) || projection.name in base.views)
  );
}

/**
 * The stream's snapshot after its decisions, once SNAPSHOT_EVERY events came after the one it was
 * read from (or after its start): the state its decider folded, the row of each of its row
 * projections, and the latest event time up to it. Null when it is not due or not snapshotted.
 */
function snapshotAfter(entry: StreamEntry): SnapshotRow | null {
  const { snapshotVersion, folded, stream } = entry;
  if (snapshotVersion === undefined || !folded) return null;
  const base = snapshotOf(stream);
  const version = versionOf(stream);
  if (version - (base?.version ?? 0) < SNAPSHOT_EVERY) return null;
  const views: Record<string, unknown> = {};
  let complete = true;
  for (const projection of entry.projections) {
    const view = (projection as Partial<RowProjection<ProjectedRow>>).view;
    if (view) views[projection.name] = view(stream);
    else complete = false;
  }
  const { accountId, mode } = entry.appended[0].metadata;
  return {
    streamId: entry.streamId,
    streamType: entry.streamType,
    accountId,
    mode,
    version,
    snapshotVersion,
    state: folded.state,
    views,
    complete,
    latestNow: stream.reduce(
      (latest, event) => Math.max(latest, event.metadata.now),
      base?.latestNow ?? 0,
    ),
  };
}
