import type { Command, Decider, DomainError, Event } from '@platform/domain-kit';
import type { DueJob } from './due-jobs';
import type { OutboxMessage } from './outbox';
import type { InlineProjection } from './projection';
import type { SqlFragment } from './sql-fragment';
import type { SqlRunner } from './sql-runner';
import type { EventMetadata, StoredEvent } from './stored-event';

/**
 * Concurrent commands on one stream retry this often before giving up. Each retry sees the winner's
 * events, so N commands racing for one stream all finish within N attempts; 30 leaves room for the
 * 20-way races the API promises to survive (captures, partial refunds).
 */
export const MAX_ATTEMPTS = 30;

/** One command on one stream, with everything written alongside its events. */
export interface CommandSpec<S, C extends Command, E extends Event> {
  decider: Decider<S, C, E>;
  streamType: string;
  streamId: string;
  command: C;
  /** Creating the stream: skip reading it. If it exists after all, the retry reads it and decides again. */
  isNew?: boolean;
  projections?: readonly InlineProjection[];
  /**
   * Integration events for what was appended. The stream is given to build entity payloads: its
   * history from its latest snapshot on (see stream-snapshot.ts), so read it through a row
   * projection's `view` (with `streamUpTo`) or `foldStream`, never by counting or searching its events.
   */
  outbox?: (
    appended: readonly StoredEvent<E>[],
    stream: readonly StoredEvent<E>[],
  ) => OutboxMessage[];
  /** Work to run later (on the account's clock) because of what was appended (the stream: as for `outbox`). */
  jobs?: (appended: readonly StoredEvent<E>[], stream: readonly StoredEvent<E>[]) => DueJob[];
  /**
   * Other writes that belong to the command and are not derived from events (a document's bytes),
   * each a fragment ending in RETURNING; written only if events are appended, in the same statement.
   */
  also?: readonly SqlFragment[];
}

/** A spec of any stream: the specs one command decides have each their own state, command and events. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnySpec = CommandSpec<any, any, any>;

export interface CommandResult<S, E extends Event> {
  state: S;
  appended: StoredEvent<E>[];
  /** The stream after the command, its history from its latest snapshot on (see `outbox`). */
  stream: StoredEvent<E>[];
}

/** A kind of stream: its type and how its history folds into state. */
export interface StreamKind<S, E extends Event> {
  streamType: string;
  decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve' | 'snapshotVersion'>;
}

/** The tenant a command acts for: every stream it reads or writes belongs to it. */
export type Scope = Pick<EventMetadata, 'accountId' | 'mode'>;

/** Reads streams for a command; what it read is reused when deciding. */
export interface StreamReader {
  /**
   * The stream's state and history as this command sees it (its own decisions so far included; its
   * history from its latest snapshot on, see CommandSpec.outbox); a stream of another type (or
   * tenant) reads as not started.
   */
  read<S, E extends Event>(
    kind: StreamKind<S, E>,
    streamId: string,
  ): Promise<{ state: S; stream: StoredEvent<E>[] }>;
}

/**
 * What a plan does with the store during one attempt. Nothing is written until the plan returns:
 * then every decision, with its read models, outbox rows and due jobs, goes in one statement.
 */
export interface UnitOfWork extends StreamReader {
  /**
   * Decides the command on its stream (read now if not read yet; after an earlier decision on the
   * same stream, on the history that one made) and keeps its events for the write. A refusal
   * (DomainError) is thrown and leaves nothing behind, so a plan may catch it and go on.
   */
  decide<S, C extends Command, E extends Event>(
    spec: CommandSpec<S, C, E>,
  ): Promise<CommandResult<S, E>>;
  /** Integration events about the streams together, after those the specs published so far. */
  publish(messages: readonly OutboxMessage[]): void;
  /** Writes not derived from events (an inbox row, say): written only if some event is appended. */
  alsoWrite(fragments: readonly SqlFragment[]): void;
  /** Reads these streams in one query now, for a plan about to decide on many of them. */
  prefetch(streamIds: readonly string[]): Promise<void>;
}

/**
 * A command on one or many streams. `run` reads what the decision needs and decides through the
 * unit; it runs again from the start on the new history when another command won the race for any
 * stream it decided on. A stream only read is not version-checked: decide on every stream the
 * decision must hold for.
 */
export interface CommandPlan<R> {
  /** The tenant: with it, a command for any other tenant is refused as a bug (a batch has none). */
  scope?: Scope;
  run(unit: UnitOfWork): Promise<R>;
}

export interface HandleOptions {
  /**
   * Run in this transaction (a consumer's inbox transaction, say): the command reads and writes there,
   * so its effect commits or rolls back with the caller's other writes. Its write is wrapped in a
   * savepoint: a version conflict rolls back only that write and the command is decided again on the
   * new history, as on its own (a failed statement would otherwise abort the caller's whole
   * transaction). A refusal (DomainError) is thrown before anything is written, so the caller's
   * transaction stays usable. The NOTIFY that wakes the relay is delivered when the caller commits.
   */
  runner?: SqlRunner;
}

/** What became of one command of a batch: its result, or the business rule that refused it. */
export type BatchOutcome =
  | { result: CommandResult<unknown, Event>; refused?: undefined }
  | { result?: undefined; refused: DomainError };
