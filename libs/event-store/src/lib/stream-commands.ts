import type { Command, Event } from '@platform/domain-kit';
import type { CommandSpec } from './command-spec';

/** What every command on one kind of stream is written with: its decider, read models, public events and timers. */
export type StreamWrites<S, C extends Command, E extends Event> = Omit<
  CommandSpec<S, C, E>,
  'streamId' | 'command' | 'isNew' | 'also'
>;

/**
 * The spec of a command on one kind of stream, given its id and command: each stream type names what
 * its commands write once, and every command on it is written with the same.
 */
export function commandsOn<S, C extends Command, E extends Event>(writes: StreamWrites<S, C, E>) {
  return (streamId: string, command: C, isNew = false): CommandSpec<S, C, E> => ({
    ...writes,
    streamId,
    command,
    isNew,
  });
}
