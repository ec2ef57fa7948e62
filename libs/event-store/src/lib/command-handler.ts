import { Injectable } from '@nestjs/common';
import { fold } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';
import { Database } from './database';
import type { SqlRunner } from './database';
import { appendToStream, isVersionConflict, readStream } from './event-store';
import { addToOutbox } from './outbox';
import type { OutboxMessage } from './outbox';
import type { InlineProjection } from './projection';
import type { EventMetadata, StoredEvent } from './stored-event';
import { toDomainEvent } from './stored-event';

/** Concurrent commands on one stream retry this often before giving up (each retry sees the winner's events). */
export const MAX_ATTEMPTS = 10;

export interface CommandSpec<S, C extends Command, E extends Event> {
  decider: Decider<S, C, E>;
  streamType: string;
  streamId: string;
  command: C;
  /** Creating the stream: skip reading it. If it exists after all, the retry reads it and decides again. */
  isNew?: boolean;
  projections?: readonly InlineProjection[];
  /** Integration events for what was appended (the whole stream is given to build entity payloads). */
  outbox?: (appended: readonly StoredEvent<E>[], stream: readonly StoredEvent<E>[]) => OutboxMessage[];
  /** Runs in the transaction before the append, e.g. to check a business key against a read model. */
  guard?: (db: SqlRunner, state: S) => Promise<void>;
}

export interface CommandResult<S, E extends Event> {
  state: S;
  appended: StoredEvent<E>[];
  /** The stream after the command, history included. */
  stream: StoredEvent<E>[];
}

/**
 * Runs one command: read the stream, fold it, decide, append with the expected version, update the
 * inline projections and write the outbox, all in one transaction. A lost race for the stream
 * version rolls back and runs the command again on the new history.
 */
@Injectable()
export class CommandHandler {
  constructor(private readonly database: Database) {}

  async handle<S, C extends Command, E extends Event>(spec: CommandSpec<S, C, E>): Promise<CommandResult<S, E>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.database.transaction((tx) => this.attempt(tx, spec, spec.isNew === true && attempt === 1));
      } catch (error) {
        if (!isVersionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3 * attempt)));
      }
    }
  }

  private async attempt<S, C extends Command, E extends Event>(tx: SqlRunner, spec: CommandSpec<S, C, E>, skipRead: boolean): Promise<CommandResult<S, E>> {
    const metadata: EventMetadata = { ...spec.command.metadata };
    const history = skipRead ? [] : await readStream<E>(tx, spec.streamId, metadata);
    const state = fold(spec.decider, history.map(toDomainEvent));
    const decision = spec.decider.decide(spec.command, state);
    const decided: E[] = Array.isArray(decision) ? decision : [decision];
    if (decided.length === 0) return { state, appended: [], stream: history };
    await spec.guard?.(tx, state);
    const appended = await appendToStream(tx, {
      streamId: spec.streamId,
      streamType: spec.streamType,
      expectedVersion: history.length,
      events: decided,
      metadata,
    });
    for (const projection of spec.projections ?? []) await projection.apply(tx, appended, { streamIsNew: history.length === 0 });
    const stream = [...history, ...appended];
    await addToOutbox(tx, spec.outbox?.(appended, stream) ?? []);
    return { state: decided.reduce((current, event) => spec.decider.evolve(current, event), state), appended, stream };
  }
}
