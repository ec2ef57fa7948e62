import { Injectable } from '@nestjs/common';
import { fold } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';
import { Database } from './database';
import { appendFragment, isVersionConflict, readStream } from './event-store';
import { OUTBOX_CHANNEL, outboxFragment } from './outbox';
import type { OutboxMessage } from './outbox';
import type { InlineProjection } from './projection';
import { composeWith } from './sql-fragment';
import type { SqlFragment } from './sql-fragment';
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
}

export interface CommandResult<S, E extends Event> {
  state: S;
  appended: StoredEvent<E>[];
  /** The stream after the command, history included. */
  stream: StoredEvent<E>[];
}

/**
 * Runs one command: read the stream (unless it is being created), fold it, decide, then write the
 * new events, the inline read models and the outbox in ONE statement, which PostgreSQL runs
 * atomically: all of it or nothing. The expected version is the unique (stream_id, version): a
 * command that lost the race for a version fails whole and runs again on the new history.
 */
@Injectable()
export class CommandHandler {
  constructor(private readonly database: Database) {}

  async handle<S, C extends Command, E extends Event>(spec: CommandSpec<S, C, E>): Promise<CommandResult<S, E>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, spec.isNew === true && attempt === 1);
      } catch (error) {
        if (!isVersionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3 * attempt)));
      }
    }
  }

  private async attempt<S, C extends Command, E extends Event>(spec: CommandSpec<S, C, E>, skipRead: boolean): Promise<CommandResult<S, E>> {
    const metadata: EventMetadata = { ...spec.command.metadata };
    const history = skipRead ? [] : await readStream<E>(this.database, spec.streamId, metadata);
    const state = fold(spec.decider, history.map(toDomainEvent));
    const decision = spec.decider.decide(spec.command, state);
    // As the store will hold them (JSON): projections, outbox and the answer see exactly that.
    const decided = (Array.isArray(decision) ? decision : [decision]).map((event) => JSON.parse(JSON.stringify(event)) as E);
    if (decided.length === 0) return { state, appended: [], stream: history };
    const appended = decided.map((event, i) => ({ globalPosition: 0, streamId: spec.streamId, streamType: spec.streamType, version: history.length + i + 1, type: event.type, data: event.data, metadata }) as StoredEvent<E>);
    const stream = [...history, ...appended];
    const messages = spec.outbox?.(appended, stream) ?? [];
    const parts: { name: string; fragment: SqlFragment }[] = [
      { name: 'appended', fragment: appendFragment({ streamId: spec.streamId, streamType: spec.streamType, expectedVersion: history.length, events: decided, metadata }) },
    ];
    (spec.projections ?? []).forEach((projection, i) => {
      const fragment = projection.write(this.database, stream);
      if (fragment) parts.push({ name: `projected_${i}`, fragment });
    });
    if (messages.length > 0) parts.push({ name: 'sent', fragment: outboxFragment(messages) });
    const notify = messages.length > 0 ? `, pg_notify('${OUTBOX_CHANNEL}', '') AS notified` : '';
    const { statement, values } = composeWith(parts, `SELECT global_position${notify} FROM appended ORDER BY version`);
    const positions = await this.database.query<{ global_position: string }>(statement, values);
    positions.forEach((row, i) => (appended[i].globalPosition = Number(row.global_position)));
    return { state: decided.reduce((current, event) => spec.decider.evolve(current, event), state), appended, stream };
  }
}
