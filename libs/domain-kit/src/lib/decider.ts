/** What every command carries besides its data: who asks, in which mode, and when. */
export interface CommandMetadata {
  accountId: string;
  mode: Mode;
  /** Milliseconds since the epoch, read once at the edge (the account's clock in test mode). */
  now: number;
  requestId?: string;
  keyId?: string;
}

export type Mode = 'test' | 'live';

export type Command<Type extends string = string, Data = unknown> = Readonly<{
  type: Type;
  data: Readonly<Data>;
  metadata: Readonly<CommandMetadata>;
}>;

export type Event<Type extends string = string, Data = unknown> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

/**
 * An aggregate's rules: pure functions, no I/O, no clock (time arrives in the command).
 *
 * `snapshotVersion`: with it, the store keeps the folded state with the stream every so many events
 * (as JSON, so the state must survive JSON.stringify / JSON.parse unchanged: plain objects, arrays,
 * strings, finite numbers, booleans, null; no Date, Map, Set, bigint or undefined that matters) and a
 * command folds only the events after the latest snapshot. A snapshot records the version it was
 * folded by and is ignored under any other: **bump it whenever `evolve` (or the shape of State)
 * changes**, or commands would decide on state the new `evolve` would not have folded. Without it the
 * stream is folded from its first event on every command.
 */
export interface Decider<State, C extends Command, E extends Event> {
  initialState(): State;
  evolve(state: State, event: E): State;
  decide(command: C, state: State): E | E[];
  snapshotVersion?: number;
}

/** Folds a stream's history into the state its decider needs. */
export function fold<State, E extends Event>(
  decider: Pick<Decider<State, Command, E>, 'initialState' | 'evolve'>,
  events: readonly E[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
