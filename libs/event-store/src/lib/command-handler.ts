import { Injectable } from '@nestjs/common';
import { DomainError, fold } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';
import {
  appendRowsFragment,
  dueJobRowsFragment,
  outboxRowsFragment,
  readStreams,
} from './batch-fragments';
import type { ScopedDueJob } from './batch-fragments';
import { Database, sql } from './database';
import type { SqlRunner } from './database';
import { dueJobsFragment } from './due-jobs';
import type { DueJob } from './due-jobs';
import { appendFragment, isVersionConflict, readStream } from './event-store';
import { NotifyThrottle } from './notify-throttle';
import { OUTBOX_CHANNEL, outboxFragment } from './outbox';
import type { OutboxMessage } from './outbox';
import type { InlineProjection, StreamChange } from './projection';
import { composeWith } from './sql-fragment';
import type { SqlFragment } from './sql-fragment';
import type { EventMetadata, StoredEvent } from './stored-event';
import { toDomainEvent } from './stored-event';

/**
 * Concurrent commands on one stream retry this often before giving up. Each retry sees the winner's
 * events, so N commands racing for one stream all finish within N attempts; 30 leaves room for the
 * 20-way races the API promises to survive (captures, partial refunds).
 */
export const MAX_ATTEMPTS = 30;

export interface CommandSpec<S, C extends Command, E extends Event> {
  decider: Decider<S, C, E>;
  streamType: string;
  streamId: string;
  command: C;
  /** Creating the stream: skip reading it. If it exists after all, the retry reads it and decides again. */
  isNew?: boolean;
  projections?: readonly InlineProjection[];
  /** Integration events for what was appended (the whole stream is given to build entity payloads). */
  outbox?: (
    appended: readonly StoredEvent<E>[],
    stream: readonly StoredEvent<E>[],
  ) => OutboxMessage[];
  /** Work to run later (on the account's clock) because of what was appended. */
  jobs?: (appended: readonly StoredEvent<E>[], stream: readonly StoredEvent<E>[]) => DueJob[];
  /**
   * Other writes that belong to the command and are not derived from events (a document's bytes),
   * each a fragment ending in RETURNING; written only if events are appended, in the same statement.
   */
  also?: readonly SqlFragment[];
}

export interface CommandResult<S, E extends Event> {
  state: S;
  appended: StoredEvent<E>[];
  /** The stream after the command, history included. */
  stream: StoredEvent<E>[];
}

/** A kind of stream: its type and how its history folds into state. */
export interface StreamKind<S, E extends Event> {
  streamType: string;
  decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>;
}

/** Reads streams for a command that spans several; what it read is reused when deciding. */
export interface StreamReader {
  /** The stream's state; a stream of another type (or tenant) reads as not started. */
  read<S, E extends Event>(
    kind: StreamKind<S, E>,
    streamId: string,
  ): Promise<{ state: S; stream: StoredEvent<E>[] }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each spec of a multi-stream command has its own state, command and event types
type AnySpec = CommandSpec<any, any, any>;
type ResultOf<Spec> =
  Spec extends CommandSpec<infer S, Command, infer E> ? CommandResult<S, E> : never;
export type CommandResults<Specs extends readonly AnySpec[]> = {
  [K in keyof Specs]: ResultOf<Specs[K]>;
};

/** The tenant a command acts for: every stream it reads or writes belongs to it. */
export type Scope = Pick<EventMetadata, 'accountId' | 'mode'>;

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

/**
 * The second step of a command that spans two streams where the second's command depends on what
 * the first decided (see CommandHandler.handleThen).
 */
export type FollowUp<S1, E1 extends Event, Spec> = (
  decided: CommandResult<S1, E1>,
  reader: StreamReader,
) => Spec | null | Promise<Spec | null>;

export interface ThenOptions<R1, R2> extends HandleOptions {
  /** Integration events about both streams together, written with them (or not at all). */
  outbox?: (first: R1, second: R2 | null) => OutboxMessage[];
}

type AnyFollowUp = (
  decided: CommandResult<unknown, Event>,
  reader: StreamReader,
) => AnySpec | null | Promise<AnySpec | null>;

export interface BatchOptions {
  /**
   * Run in this transaction (a consumer's inbox transaction, say). A version conflict is then thrown,
   * not retried: the caller runs its transaction again.
   */
  runner?: SqlRunner;
  /** Writes for the batch as a whole (not derived from events); written only if some event is appended. */
  also?: readonly SqlFragment[];
}

/** What became of one command of a batch: its result, or the business rule that refused it. */
export type BatchOutcome =
  | { result: CommandResult<unknown, Event>; refused?: undefined }
  | { result?: undefined; refused: DomainError };

/** One stream's part of a batch: what the commands on it appended, and with which specs. */
interface BatchStream {
  change: StreamChange & { appended: StoredEvent[] };
  projections: Set<InlineProjection>;
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

type JointOutbox = ((results: CommandResult<unknown, Event>[]) => OutboxMessage[]) | undefined;

/** One try of a command: its planned specs, the follow-up decided after them, the joint outbox. */
interface Attempt {
  plan: (reader: StreamReader) => Promise<readonly AnySpec[]>;
  firstAttempt: boolean;
  followUp?: AnyFollowUp;
  outbox: JointOutbox;
}

interface Decided {
  result: CommandResult<unknown, Event>;
  parts: { name: string; fragment: SqlFragment }[];
  messages: OutboxMessage[];
  jobs: DueJob[];
}

/**
 * Runs commands: read the stream(s), fold, decide, then write the new events, the inline read models,
 * the outbox and the due jobs in ONE statement, which PostgreSQL runs atomically: all of it or
 * nothing. The expected version of each stream is the unique (stream_id, version): a command that
 * lost the race for any of its streams fails whole and runs again on the new history.
 */
@Injectable()
export class CommandHandler {
  /** Commands that add outbox rows wake the relay, at most once per 10 ms (see NotifyThrottle). */
  private readonly relayWakeups = new NotifyThrottle();
  /**
   * The state each history folds to, by decider: a command's plan reads a stream and its decision
   * folds the same history again (kept per history array, which is read afresh for every attempt).
   */
  private readonly states = new WeakMap<
    readonly StoredEvent[],
    { evolve: unknown; state: unknown }
  >();

  constructor(private readonly database: Database) {}

  async handle<S, C extends Command, E extends Event>(
    spec: CommandSpec<S, C, E>,
    options: HandleOptions = {},
  ): Promise<CommandResult<S, E>> {
    const [result] = await this.handleAll(
      spec.command.metadata,
      async () => [spec] as const,
      undefined,
      options,
    );
    return result;
  }

  /**
   * A command that changes several streams of one tenant together (a capture and its order, a refund
   * and its payment). `plan` reads what the decision needs and returns one spec per stream to change;
   * it runs again from the start after a conflict. A stream that is only read, or whose decider
   * decides nothing, is not version-checked: give a spec for every stream the decision must hold for.
   * `outbox` adds integration events built from all the results (written with them, or not at all).
   * With `runner`, all of it happens in the caller's transaction (see HandleOptions).
   */
  async handleAll<Specs extends readonly AnySpec[]>(
    scope: Scope,
    plan: (reader: StreamReader) => Promise<Specs>,
    outbox?: (results: CommandResults<Specs>) => OutboxMessage[],
    { runner }: HandleOptions = {},
  ): Promise<CommandResults<Specs>> {
    return (await this.retrying((firstAttempt) =>
      this.attempt(runner, scope, { plan, firstAttempt, outbox: outbox as JointOutbox }),
    )) as CommandResults<Specs>;
  }

  /**
   * A command on two streams where the second's command depends on the first's decision (a refund
   * of the amount its payment allowed, a dispute of the amount its payment recorded, a capture
   * added to its order): `first` is decided, then `then` builds the second spec from that result
   * (reading other streams through `reader` if it must; the first stream reads as it was before the
   * decision), or null for none. Both are written in one statement; each command is decided once,
   * by its decider, here. A refusal of the first is thrown before `then` runs; a conflict on either
   * stream runs both again on the new history.
   */
  async handleThen<
    S1,
    C1 extends Command,
    E1 extends Event,
    S2 = never,
    C2 extends Command = never,
    E2 extends Event = never,
  >(
    first: CommandSpec<S1, C1, E1>,
    then: FollowUp<S1, E1, CommandSpec<S2, C2, E2>>,
    { outbox, runner }: ThenOptions<CommandResult<S1, E1>, CommandResult<S2, E2>> = {},
  ): Promise<[CommandResult<S1, E1>, CommandResult<S2, E2> | null]> {
    const [decided, followed = null] = await this.retrying((firstAttempt) =>
      this.attempt(runner, first.command.metadata, {
        plan: async () => [first],
        firstAttempt,
        followUp: then as AnyFollowUp,
        outbox: outbox && (([one, two]) => outbox(one as never, (two ?? null) as never)),
      }),
    );
    return [decided as CommandResult<S1, E1>, followed as CommandResult<S2, E2> | null];
  }

  /** Runs an attempt again after a version conflict (each retry sees the winner's events). */
  private async retrying<T>(attempt: (firstAttempt: boolean) => Promise<T>): Promise<T> {
    for (let n = 1; ; n++) {
      try {
        return await attempt(n === 1);
      } catch (error) {
        if (!isVersionConflict(error) || n >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 2 * n)));
      }
    }
  }

  /**
   * Independent commands decided together, for a consumer applying a batch of messages: every stream
   * they need is read in one query and every write (events, read models, outbox, due jobs) goes in
   * one statement, whatever the batch size. Commands on the same stream are decided in order, each
   * on the history the ones before it made. A command its decider refuses is reported in its outcome
   * and the others go ahead. A conflict on any stream runs the whole batch again (or, with `runner`,
   * throws), so batch only streams nobody else writes at the same moment. `isNew` is not used: the
   * one read covers every stream.
   */
  async handleBatch(
    specs: readonly AnySpec[],
    options: BatchOptions = {},
  ): Promise<BatchOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attemptBatch(specs, options);
      } catch (error) {
        if (options.runner || !isVersionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.floor(Math.random() * 2 * attempt)),
        );
      }
    }
  }

  private async attemptBatch(
    specs: readonly AnySpec[],
    { runner = this.database, also = [] }: BatchOptions,
  ): Promise<BatchOutcome[]> {
    const stored = await readStreams(runner, [...new Set(specs.map((spec) => spec.streamId))]);
    const streams = new Map<string, BatchStream>();
    const outcomes: BatchOutcome[] = [];
    const messages: OutboxMessage[] = [];
    const jobs: ScopedDueJob[] = [];
    const extra: SqlFragment[] = [];
    for (const spec of specs) {
      const { accountId, mode } = spec.command.metadata;
      const key = `${spec.streamType}:${spec.streamId}`;
      const known = streams.get(key);
      const history =
        known?.change.stream ??
        (stored.get(spec.streamId) ?? []).filter(
          (event) =>
            event.streamType === spec.streamType &&
            event.metadata.accountId === accountId &&
            event.metadata.mode === mode,
        );
      let result: CommandResult<unknown, Event>;
      try {
        result = this.decideOnly(spec, history);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({ refused: error });
        continue;
      }
      outcomes.push({ result });
      if (result.appended.length === 0) continue;
      const entry = known ?? {
        change: { stream: history, appended: [] },
        projections: new Set<InlineProjection>(),
      };
      entry.change = {
        stream: result.stream,
        appended: [...entry.change.appended, ...result.appended],
      };
      for (const projection of spec.projections ?? []) entry.projections.add(projection);
      streams.set(key, entry);
      messages.push(...(spec.outbox?.(result.appended, result.stream) ?? []));
      jobs.push(
        ...(spec.jobs?.(result.appended, result.stream) ?? []).map((job) => ({
          ...job,
          accountId,
          mode,
        })),
      );
      extra.push(...(spec.also ?? []));
    }
    if (streams.size > 0)
      await this.writeBatch(runner, [...streams.values()], {
        messages,
        jobs,
        also: [...extra, ...also],
      });
    return outcomes;
  }

  private async writeBatch(
    runner: SqlRunner,
    streams: readonly BatchStream[],
    rest: { messages: OutboxMessage[]; jobs: ScopedDueJob[]; also: readonly SqlFragment[] },
  ): Promise<void> {
    const appended = streams.flatMap(({ change }) => change.appended);
    const fragments: SqlFragment[] = [];
    for (const projection of new Set(streams.flatMap(({ projections }) => [...projections]))) {
      const changes = streams
        .filter(({ projections }) => projections.has(projection))
        .map(({ change }) => change);
      fragments.push(
        ...(projection.writeBatch?.(runner, changes) ??
          changes.flatMap((change) => projection.write(runner, change))),
      );
    }
    if (rest.messages.length > 0) fragments.push(outboxRowsFragment(rest.messages));
    if (rest.jobs.length > 0) fragments.push(dueJobRowsFragment(rest.jobs));
    fragments.push(...rest.also);
    const parts = [
      { name: 'appended', fragment: appendRowsFragment(appended) },
      ...fragments.map((fragment, i) => ({ name: `batch_${i}`, fragment })),
    ];
    const notify =
      rest.messages.length > 0 && this.relayWakeups.due()
        ? `, pg_notify('${OUTBOX_CHANNEL}', '') AS notified`
        : '';
    const { statement, values } = composeWith(
      parts,
      `SELECT stream_id, version, global_position${notify} FROM appended`,
    );
    const rows = await runner.query<{
      stream_id: string;
      version: number;
      global_position: string;
    }>(statement, values);
    const positions = new Map(
      rows.map((row) => [`${row.stream_id}@${row.version}`, Number(row.global_position)]),
    );
    for (const event of appended)
      event.globalPosition = positions.get(`${event.streamId}@${event.version}`) ?? 0;
  }

  private async attempt(
    runner: SqlRunner | undefined,
    scope: Scope,
    { plan, firstAttempt, followUp, outbox }: Attempt,
  ): Promise<CommandResult<unknown, Event>[]> {
    const histories = new Map<string, StoredEvent[]>();
    const load = async (stream: {
      streamId: string;
      streamType: string;
    }): Promise<StoredEvent[]> => {
      const key = `${stream.streamType}:${stream.streamId}`;
      let history = histories.get(key);
      if (!history)
        histories.set(key, (history = await readStream(runner ?? this.database, stream, scope)));
      return history;
    };
    const reader: StreamReader = {
      read: async ({ decider, streamType }, streamId) => {
        const stream = (await load({ streamId, streamType })) as StoredEvent<never>[];
        return { state: this.stateOf(decider, stream), stream } as never;
      },
    };
    const decisions: Decided[] = [];
    const decideNext = async (spec: AnySpec) => {
      const { accountId, mode } = spec.command.metadata;
      if (accountId !== scope.accountId || mode !== scope.mode)
        throw new Error(`command on ${spec.streamId} is outside the scope of its caller`);
      const read = histories.has(`${spec.streamType}:${spec.streamId}`);
      const history = spec.isNew && firstAttempt && !read ? [] : await load(spec);
      decisions.push(this.decide(runner ?? this.database, spec, history, decisions.length));
    };
    for (const spec of await plan(reader)) await decideNext(spec);
    const next =
      followUp && decisions.length > 0 ? await followUp(decisions[0].result, reader) : null;
    if (next) await decideNext(next);
    const results = decisions.map((decision) => decision.result);
    // Messages about the streams together (e.g. order.paid carries the order and its payment).
    const joint = outbox?.(results) ?? [];
    if (joint.length > 0 && decisions.length > 0) decisions[0].messages.push(...joint);
    await this.write(runner, decisions, scope);
    return results;
  }

  private decide(runner: SqlRunner, spec: AnySpec, history: StoredEvent[], index: number): Decided {
    const result = this.decideOnly(spec, history);
    const { appended, stream } = result;
    if (appended.length === 0) return { result, parts: [], messages: [], jobs: [] };
    const parts = [
      {
        name: `appended_${index}`,
        fragment: appendFragment({
          streamId: spec.streamId,
          streamType: spec.streamType,
          expectedVersion: history.length,
          events: appended,
          metadata: appended[0].metadata,
        }),
      },
    ];
    (spec.projections ?? []).forEach((projection, i) => {
      projection
        .write(runner, { stream, appended })
        .forEach((fragment, j) => parts.push({ name: `projected_${index}_${i}_${j}`, fragment }));
    });
    (spec.also ?? []).forEach((fragment, i) =>
      parts.push({ name: `also_${index}_${i}`, fragment }),
    );
    return {
      result,
      parts,
      messages: spec.outbox?.(appended, stream) ?? [],
      jobs: spec.jobs?.(appended, stream) ?? [],
    };
  }

  private stateOf(
    decider: Pick<Decider<unknown, never, Event>, 'initialState' | 'evolve'>,
    history: readonly StoredEvent[],
  ): unknown {
    const known = this.states.get(history);
    if (known?.evolve === decider.evolve) return known.state;
    const state = fold(decider, history.map(toDomainEvent));
    this.states.set(history, { evolve: decider.evolve, state });
    return state;
  }

  /** Folds the history, decides, and returns the new events as the store will hold them (no I/O). */
  private decideOnly(
    spec: AnySpec,
    history: readonly StoredEvent[],
  ): CommandResult<unknown, Event> {
    const metadata: EventMetadata = { ...spec.command.metadata };
    const state = this.stateOf(spec.decider, history);
    const decision = spec.decider.decide(spec.command, state);
    // As the store will hold them (JSON): projections, outbox and the answer see exactly that.
    const decided = (Array.isArray(decision) ? decision : [decision]).map(
      (event: Event) => JSON.parse(JSON.stringify(event)) as Event,
    );
    if (decided.length === 0) return { state, appended: [], stream: [...history] };
    const appended = decided.map(
      (event, i) =>
        ({
          globalPosition: 0,
          streamId: spec.streamId,
          streamType: spec.streamType,
          version: history.length + i + 1,
          type: event.type,
          data: event.data,
          metadata,
        }) as StoredEvent,
    );
    const next = decided.reduce((current, event) => spec.decider.evolve(current, event), state);
    return { state: next, appended, stream: [...history, ...appended] };
  }

  /** Writes the decisions in one statement: on the pool, or in the caller's transaction under a savepoint. */
  private async write(
    runner: SqlRunner | undefined,
    decisions: readonly Decided[],
    scope: Scope,
  ): Promise<void> {
    const written = decisions.filter((decision) => decision.parts.length > 0);
    if (written.length === 0) return;
    const parts = written.flatMap((decision) => decision.parts);
    const messages = decisions.flatMap((decision) => decision.messages);
    const jobs = decisions.flatMap((decision) => decision.jobs);
    if (messages.length > 0) parts.push({ name: 'sent', fragment: outboxFragment(messages) });
    if (jobs.length > 0) parts.push({ name: 'scheduled', fragment: dueJobsFragment(jobs, scope) });
    const appendedNames = parts
      .filter((part) => part.name.startsWith('appended_'))
      .map((part) => part.name);
    const notify =
      messages.length > 0 && this.relayWakeups.due()
        ? `, pg_notify('${OUTBOX_CHANNEL}', '') AS notified`
        : '';
    const positions = appendedNames
      .map((name) => `SELECT stream_id, version, global_position FROM ${name}`)
      .join(' UNION ALL ');
    const { statement, values } = composeWith(
      parts,
      `SELECT stream_id, version, global_position${notify} FROM (${positions}) AS appended`,
    );
    const rows = runner
      ? await underSavepoint(runner, () => runner.query<AppendedRow>(statement, values))
      : await this.database.query<AppendedRow>(statement, values);
    const byKey = new Map(
      rows.map((row) => [`${row.stream_id}@${row.version}`, Number(row.global_position)]),
    );
    for (const { result } of written)
      for (const event of result.appended)
        event.globalPosition = byKey.get(`${event.streamId}@${event.version}`) ?? 0;
  }
}

interface AppendedRow {
  stream_id: string;
  version: number;
  global_position: string;
}

/** `work` in a savepoint of the caller's transaction: if it fails, the transaction goes on without it. */
async function underSavepoint<T>(runner: SqlRunner, work: () => Promise<T>): Promise<T> {
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
