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

/** An aggregate's rules: pure functions, no I/O, no clock (time arrives in the command). */
export interface Decider<State, C extends Command, E extends Event> {
  initialState(): State;
  evolve(state: State, event: E): State;
  decide(command: C, state: State): E | E[];
}

/** Folds a stream's history into the state its decider needs. */
export function fold<State, E extends Event>(
  decider: Pick<Decider<State, Command, E>, 'initialState' | 'evolve'>,
  events: readonly E[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
