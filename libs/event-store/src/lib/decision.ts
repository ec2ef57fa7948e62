import type { Decider, Event } from '@platform/domain-kit';
import type { AnySpec, CommandResult } from './command-spec';
import type { EventMetadata, StoredEvent } from './stored-event';
import { continued, foldStream, versionOf } from './stream-snapshot';

type Folding = Pick<Decider<unknown, never, Event>, 'initialState' | 'evolve' | 'snapshotVersion'>;

/**
 * A stream's history (from its latest snapshot on, see stream-snapshot.ts) and the state it folds
 * to, by the decider that folded it.
 */
export interface FoldedStream {
  stream: StoredEvent[];
  folded?: { evolve: unknown; state: unknown };
}

/**
 * The state of the stream for this decider, folded once: a plan that reads a stream and then decides
 * on it folds it a single time (kept with the stream until a decision changes it).
 */
export function stateOf(decider: Folding, entry: FoldedStream): unknown {
  if (entry.folded?.evolve === decider.evolve) return entry.folded.state;
  const state = foldStream(decider, entry.stream);
  entry.folded = { evolve: decider.evolve, state };
  return state;
}

/**
 * Decides the command on the stream's state and returns the new events as the store will hold them,
 * numbered after the history. Pure: no I/O. A refusal is the decider's throw.
 */
export function decideOn(spec: AnySpec, entry: FoldedStream): CommandResult<unknown, Event> {
  const history = entry.stream;
  const state = stateOf(spec.decider, entry);
  const decision = spec.decider.decide(spec.command, state);
  const events: Event[] = Array.isArray(decision) ? decision : [decision];
  if (events.length === 0) return { state, appended: [], stream: continued(history, []) };
  const version = versionOf(history);
  const metadata: EventMetadata = { ...spec.command.metadata };
  // As the store will hold them (JSON): projections, outbox and the answer see exactly that.
  const decided = events.map((event) => JSON.parse(JSON.stringify(event)) as Event);
  const appended = decided.map(
    (event, i) =>
      ({
        globalPosition: 0,
        streamId: spec.streamId,
        streamType: spec.streamType,
        version: version + i + 1,
        type: event.type,
        data: event.data,
        metadata,
      }) as StoredEvent,
  );
  const next = decided.reduce((current, event) => spec.decider.evolve(current, event), state);
  return { state: next, appended, stream: continued(history, appended) };
}
