import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/domain-kit';
import type { Command, Event } from '@platform/domain-kit';
import { MAX_ATTEMPTS } from './command-spec';
import type { CommandPlan, CommandResult, CommandSpec, HandleOptions, Scope } from './command-spec';
import { underSavepoint, writePending } from './command-write';
import { Database } from './database';
import { isVersionConflict } from './event-store';
import { NotifyThrottle } from './notify-throttle';
import {
  currentKeyedRequest,
  DifferentRequestForKey,
  isOutcomeConflict,
  outcomeDecision,
  outcomeFragment,
  readOutcome,
} from './idempotent-outcomes';
import type { RecordedOutcome } from './idempotent-outcomes';
import { ReplayUnit } from './replay-unit';
import { AttemptUnit } from './unit-of-work';
import type { PendingWrite } from './unit-of-work';

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

  constructor(private readonly database: Database) {}

  /**
   * The one way in. A spec: one command on one stream, answered with its result. A plan: any number
   * of streams, read and decided through the unit (a flow, a consumer's batch), answered with what
   * the plan returns. Either way everything decided is written in one statement, and only a version
   * conflict runs it again (at most MAX_ATTEMPTS times); every other error, a refusal included, is
   * thrown with nothing written. With `runner`, all of it happens in the caller's transaction.
   * A command run for a request with an idempotency key records or replays its outcome (see
   * keyedAttempt).
   */
  handle<S, C extends Command, E extends Event>(
    spec: CommandSpec<S, C, E>,
    options?: HandleOptions,
  ): Promise<CommandResult<S, E>>;
  handle<R>(plan: CommandPlan<R>, options?: HandleOptions): Promise<R>;
  async handle<R>(
    command: CommandPlan<R> | CommandSpec<unknown, Command, Event>,
    { runner }: HandleOptions = {},
  ): Promise<R> {
    const plan = 'run' in command ? command : (onlyThis(command) as CommandPlan<R>);
    const keyed = plan.scope && keyedCommandOf(plan.scope);
    for (let attempt = 1; ; attempt++) {
      try {
        return await (keyed
          ? this.keyedAttempt(plan, runner, attempt === 1, keyed)
          : this.attempt(plan, runner, attempt === 1));
      } catch (error) {
        // A twin request with the same key wrote first: the next round replays its outcome.
        const lostRace = isVersionConflict(error) || (keyed && isOutcomeConflict(error));
        if (!lostRace || attempt >= MAX_ATTEMPTS) throw error;
        // Jitter that grows with the attempts, so racing commands do not meet again at once.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.floor(Math.random() * 2 * attempt)),
        );
      }
    }
  }

  /**
   * A command of a request with an idempotency key: if the key's outcome for this command was
   * written (the first answer was lost), the plan is replayed on what it wrote (ReplayUnit) and its
   * answer is the first one again; a different request with the key is refused; otherwise it runs
   * as any command, its outcome written in the same statement as its events.
   */
  private async keyedAttempt<R>(
    plan: CommandPlan<R>,
    runner: HandleOptions['runner'],
    firstAttempt: boolean,
    keyed: KeyedCommand,
  ): Promise<R> {
    const reader = runner ?? this.database;
    const recorded = await readOutcome(reader, keyed.scope, keyed.key, keyed.ordinal);
    switch (outcomeDecision(recorded, keyed.fingerprint)) {
      case 'replay':
        return plan.run(new ReplayUnit(reader, keyed.scope, recorded as RecordedOutcome));
      case 'different_request':
        throw new DifferentRequestForKey(keyed.key);
      case 'run':
        try {
          return await this.attempt(plan, runner, firstAttempt, keyed);
        } catch (error) {
          // A twin request with the key may have committed between the outcome's read and the
          // stream's: its effect then makes this attempt's decision a refusal ("already captured").
          // The twin's outcome is the answer, as a retry would get it.
          if (!(error instanceof DomainError)) throw error;
          const twin = await readOutcome(reader, keyed.scope, keyed.key, keyed.ordinal);
          if (outcomeDecision(twin, keyed.fingerprint) !== 'replay') throw error;
          return plan.run(new ReplayUnit(reader, keyed.scope, twin as RecordedOutcome));
        }
    }
  }

  private async attempt<R>(
    plan: CommandPlan<R>,
    runner: HandleOptions['runner'],
    firstAttempt: boolean,
    keyed?: KeyedCommand,
  ): Promise<R> {
    const unit = new AttemptUnit(runner ?? this.database, plan.scope, firstAttempt);
    const answer = await plan.run(unit);
    const decided = unit.pending();
    const pending = decided && keyed ? withOutcome(decided, keyed, unit) : decided;
    if (pending) {
      if (runner)
        await underSavepoint(runner, () => writePending(runner, pending, this.relayWakeups));
      else await writePending(this.database, pending, this.relayWakeups);
    }
    return answer;
  }
}

/** A command of a keyed request: which of the request's commands it is, and what it records under. */
interface KeyedCommand {
  scope: Scope;
  key: string;
  fingerprint: Buffer;
  ordinal: number;
}

/**
 * A command run for a request with an idempotency key (see idempotent-outcomes.ts) takes the next
 * ordinal of its request; a batch (no scope) and a command outside any request are not keyed.
 */
function keyedCommandOf(scope: Scope): KeyedCommand | undefined {
  const request = currentKeyedRequest();
  if (!request) return undefined;
  const ordinal = request.commands++;
  return {
    scope: { accountId: scope.accountId, mode: scope.mode },
    key: request.key,
    fingerprint: request.fingerprint,
    ordinal,
  };
}

/** The write with the outcome row that lets a retry of the request replay it. */
function withOutcome(pending: PendingWrite, keyed: KeyedCommand, unit: AttemptUnit): PendingWrite {
  const outcome = { fingerprint: keyed.fingerprint, streams: unit.recordedStreams() };
  return {
    ...pending,
    also: [...pending.also, outcomeFragment(keyed.scope, keyed.key, keyed.ordinal, outcome)],
  };
}

/** A single command as a plan: the hot path of the API, one stream read and one statement. */
function onlyThis<S, C extends Command, E extends Event>(
  spec: CommandSpec<S, C, E>,
): CommandPlan<CommandResult<S, E>> {
  return { scope: spec.command.metadata, run: (unit) => unit.decide(spec) };
}
