import { DomainError } from '@platform/domain-kit';
import type { Command, Event } from '@platform/domain-kit';
import { readStreams } from './batch-fragments';
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
import type { InlineProjection } from './projection';
import type { SqlFragment } from './sql-fragment';
import type { SqlRunner } from './sql-runner';
import type { StoredEvent } from './stored-event';

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
}

/** Everything one attempt of a plan writes, in the order the plan decided it. */
export interface PendingWrite {
  streams: readonly StreamEntry[];
  messages: readonly OutboxMessage[];
  jobs: readonly ScopedDueJob[];
  also: readonly SqlFragment[];
}

/**
 * One attempt of a plan: the streams it read (each read once), its decisions, and what they write.
 * Decisions only change this object; the command handler writes it all in one statement afterwards.
 */
export class AttemptUnit implements UnitOfWork {
  private readonly entries = new Map<string, StreamEntry>();
  private prefetched: Map<string, StoredEvent[]> | null = null;
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
    const entry = await this.entry(kind.streamType, streamId, this.scope, false);
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
    const entry = await this.entry(spec.streamType, spec.streamId, tenant, spec.isNew === true);
    let result: CommandResult<unknown, Event>;
    try {
      result = decideOn(spec as AnySpec, entry);
    } catch (error) {
      if (error instanceof DomainError) entry.decided.push(null);
      throw error;
    }
    entry.decided.push(result.stream.length);
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
    const read = await readStreams(this.runner, missing);
    this.prefetched ??= new Map();
    for (const id of missing) this.prefetched.set(id, read.get(id) ?? []);
  }

  /** What the decisions write; null when none appended anything. */
  pending(): PendingWrite | null {
    const streams = [...this.entries.values()].filter((entry) => entry.appended.length > 0);
    if (streams.length === 0) return null;
    return { streams, messages: this.messages, jobs: this.jobs, also: this.also };
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
  ): Promise<StreamEntry> {
    const key = `${streamType}:${streamId}`;
    let entry = this.entries.get(key);
    if (!entry) {
      const stream =
        isNew && this.firstAttempt && !this.prefetched?.has(streamId)
          ? []
          : await this.load(streamType, streamId, tenant);
      entry = {
        streamId,
        streamType,
        stream,
        readVersion: stream.length,
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
   * not started, exactly like an unknown id. The one place a stream is loaded: where a stream's state
   * comes from a snapshot plus the events after it, this is what changes.
   */
  private async load(streamType: string, streamId: string, tenant: Scope): Promise<StoredEvent[]> {
    const prefetched = this.prefetched?.get(streamId);
    if (!prefetched) return readStream(this.runner, { streamId, streamType }, tenant);
    return prefetched.filter(
      (event) =>
        event.streamType === streamType &&
        event.metadata.accountId === tenant.accountId &&
        event.metadata.mode === tenant.mode,
    );
  }
}
