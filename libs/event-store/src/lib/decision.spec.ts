import { IllegalTransition } from '@platform/domain-kit';
import type { Command, Decider, Event } from '@platform/domain-kit';
import type { CommandSpec } from './command-spec';
import { decideOn, stateOf } from './decision';
import type { FoldedStream } from './decision';
import type { StoredEvent } from './stored-event';

type Added = Event<'Added', { by: number }>;
type Add = Command<'Add', { by: number }>;

let folds = 0;
/** A counter that refuses to pass 3, counting how often its history is folded. */
const counter: Decider<number, Add, Added> = {
  initialState: () => (folds++, 0),
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (total + command.data.by > 3) throw new IllegalTransition('a counter stops at 3');
    return command.data.by === 0 ? [] : [{ type: 'Added', data: { by: command.data.by } }];
  },
};

const metadata = { accountId: 'acc_A', mode: 'test' as const, now: 1_700_000_000_000 };
const add = (by: number): CommandSpec<number, Add, Added> => ({
  decider: counter,
  streamType: 'counter',
  streamId: 'ctr_1',
  command: { type: 'Add', data: { by }, metadata },
});
const history = (...bys: number[]): FoldedStream => ({
  stream: bys.map(
    (by, i) =>
      ({
        globalPosition: i + 1,
        streamId: 'ctr_1',
        streamType: 'counter',
        version: i + 1,
        type: 'Added',
        data: { by },
        metadata,
      }) as StoredEvent,
  ),
});

describe('deciding a command on a stream', () => {
  beforeEach(() => (folds = 0));

  it('numbers the new events after the history and folds them into the state', () => {
    const result = decideOn(add(2), history(1));
    expect(result.appended.map((event) => [event.type, event.version])).toEqual([['Added', 2]]);
    expect(result.state).toBe(3);
    expect(result.stream).toHaveLength(2);
  });

  it('appends nothing and keeps the state when the decider decides nothing', () => {
    const result = decideOn(add(0), history(1, 1));
    expect(result.appended).toEqual([]);
    expect(result.state).toBe(2);
  });

  it('throws the refusal of the decider', () => {
    expect(() => decideOn(add(3), history(1))).toThrow(IllegalTransition);
  });

  it('folds a stream once for reading and deciding on it', () => {
    const entry = history(1, 1);
    expect(stateOf(counter, entry)).toBe(2);
    decideOn(add(1), entry);
    expect(folds).toBe(1);
  });
});
