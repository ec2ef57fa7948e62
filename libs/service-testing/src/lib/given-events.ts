import type { Command, Decider, Event } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { Database, EventMetadata, InlineProjection } from '@platform/event-store';

/**
 * A decider that decides exactly the given event: the real CommandHandler then appends it and writes
 * the inline read models in one statement, as it does for any command.
 */
const recorder: Decider<null, Command<'Record', Event>, Event> = {
  initialState: () => null,
  evolve: () => null,
  decide: (command) => [command.data],
};

/** An event a spec starts from, with the stream it is on and the metadata it was decided with. */
export interface GivenEvent {
  streamId: string;
  streamType: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * Writes a spec's given events exactly as commands write them (append, inline read models, in one
 * statement each), so what the spec then reads or decides on is what production would have.
 */
export async function writeGivenEvents(
  database: Database,
  events: readonly GivenEvent[],
  projections: readonly InlineProjection[],
): Promise<void> {
  const handler = new CommandHandler(database);
  for (const { streamId, streamType, type, data, metadata } of events)
    await handler.handle({
      decider: recorder,
      streamType,
      streamId,
      command: { type: 'Record', data: { type, data } as Event, metadata },
      projections,
    });
}
