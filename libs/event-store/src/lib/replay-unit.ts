import { fold } from '@platform/domain-kit';
import type { Command, Event } from '@platform/domain-kit';
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
import type { RecordedOutcome, RecordedStream } from './idempotent-outcomes';
import type { SqlRunner } from './sql-runner';
import type { StoredEvent } from './stored-event';
import { toDomainEvent } from './stored-event';

interface ReplayedStream {
  /** The stream as stored now; the plan sees it up to `at`. */
  stored: StoredEvent[];
  at: number;
  recorded: RecordedStream | undefined;
  /** How many of the recorded decisions this replay has given back. */
  replayed: number;
}

/**
 * A plan run again for a keyed request whose command was already written: every stream reads as it
 * was when the command first read it, and each decision gives back the events that command wrote
 * (taken from the store, not decided again), so the plan builds the answer the first attempt would
 * have sent. A decision the first attempt was refused is decided again on the same history, which
 * refuses it the same way. Nothing is written: the unit has no pending write.
 */
export class ReplayUnit implements UnitOfWork {
  private readonly streams = new Map<string, ReplayedStream>();

  constructor(
    private readonly runner: SqlRunner,
    private readonly scope: Scope,
    private readonly outcome: RecordedOutcome,
  ) {}

  async read<S, E extends Event>(kind: StreamKind<S, E>, streamId: string) {
    const entry = await this.entry(kind.streamType, streamId);
    const stream = entry.stored.slice(0, entry.at) as StoredEvent<E>[];
    return { state: fold(kind.decider, stream.map(toDomainEvent)) as S, stream };
  }

  async decide<S, C extends Command, E extends Event>(
    spec: CommandSpec<S, C, E>,
  ): Promise<CommandResult<S, E>> {
    const entry = await this.entry(spec.streamType, spec.streamId, spec.isNew === true);
    const before = entry.stored.slice(0, entry.at);
    const after = entry.recorded?.decisions[entry.replayed];
    entry.replayed++;
    if (after === undefined || after === null) {
      // Refused the first time (or never decided): the same history refuses it again.
      const folded: FoldedStream = { stream: before };
      const result = decideOn(spec as AnySpec, folded);
      return { state: result.state, appended: [], stream: before } as unknown as CommandResult<
        S,
        E
      >;
    }
    const stream = entry.stored.slice(0, after);
    entry.at = after;
    const state = stateOf(spec.decider, { stream });
    return {
      state,
      appended: stream.slice(before.length),
      stream,
    } as CommandResult<S, E>;
  }

  publish(): void {
    // Published when first written.
  }

  alsoWrite(): void {
    // Written with the first attempt.
  }

  async prefetch(): Promise<void> {
    // Each stream is read once, when the plan first asks for it.
  }

  private async entry(
    streamType: string,
    streamId: string,
    isNew = false,
  ): Promise<ReplayedStream> {
    const key = `${streamType}:${streamId}`;
    let entry = this.streams.get(key);
    if (!entry) {
      const recorded =
        this.outcome.streams.find(
          (stream) => stream.streamType === streamType && stream.streamId === streamId,
        ) ?? (isNew ? this.firstCreated(streamType) : undefined);
      const stored = await readStream(
        this.runner,
        { streamId: recorded?.streamId ?? streamId, streamType },
        this.scope,
      );
      entry = { stored, at: recorded ? recorded.read : stored.length, recorded, replayed: 0 };
      this.streams.set(key, entry);
    }
    return entry;
  }

  /**
   * A stream created under a fresh id (an order's `newId`): the replay's id is not the first
   * attempt's, so it stands for the first stream of its type that attempt created and the replay has
   * not matched yet, in the order the plan created them.
   */
  private firstCreated(streamType: string): RecordedStream | undefined {
    const matched = new Set([...this.streams.values()].map((entry) => entry.recorded));
    return this.outcome.streams.find(
      (stream) =>
        stream.streamType === streamType &&
        stream.read === 0 &&
        stream.decisions.some((after) => after !== null && after > 0) &&
        !matched.has(stream),
    );
  }
}
