import { Injectable } from '@nestjs/common';
import type { Command, Event } from '@platform/domain-kit';
import { MAX_ATTEMPTS } from './command-spec';
import type { CommandPlan, CommandResult, CommandSpec, HandleOptions } from './command-spec';
import { underSavepoint, writePending } from './command-write';
import { Database } from './database';
import { isVersionConflict } from './event-store';
import { NotifyThrottle } from './notify-throttle';
import { AttemptUnit } from './unit-of-work';

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
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(plan, runner, attempt === 1);
      } catch (error) {
        if (!isVersionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
        // Jitter that grows with the attempts, so racing commands do not meet again at once.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.floor(Math.random() * 2 * attempt)),
        );
      }
    }
  }

  private async attempt<R>(
    plan: CommandPlan<R>,
    runner: HandleOptions['runner'],
    firstAttempt: boolean,
  ): Promise<R> {
    const unit = new AttemptUnit(runner ?? this.database, plan.scope, firstAttempt);
    const answer = await plan.run(unit);
    const pending = unit.pending();
    if (pending) {
      if (runner)
        await underSavepoint(runner, () => writePending(runner, pending, this.relayWakeups));
      else await writePending(this.database, pending, this.relayWakeups);
    }
    return answer;
  }
}

/** A single command as a plan: the hot path of the API, one stream read and one statement. */
function onlyThis<S, C extends Command, E extends Event>(
  spec: CommandSpec<S, C, E>,
): CommandPlan<CommandResult<S, E>> {
  return { scope: spec.command.metadata, run: (unit) => unit.decide(spec) };
}
