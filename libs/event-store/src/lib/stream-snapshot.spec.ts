import { fold } from '@platform/domain-kit';
import type { Decider, Event } from '@platform/domain-kit';
import { rowProjection } from './projection';
import type { StoredEvent } from './stored-event';
import { toDomainEvent } from './stored-event';
import { continued, foldStream, fromSnapshot, streamUpTo, versionOf } from './stream-snapshot';
import type { StreamBase } from './stream-snapshot';

type Added = Event<'Added', { by: number }>;
const counter: Pick<
  Decider<number, never, Added>,
  'initialState' | 'evolve' | 'snapshotVersion'
> = { initialState: () => 0, evolve: (total, event) => total + event.data.by, snapshotVersion: 3 };
const totals = rowProjection<{ id: string; version: number; total: number }>({
  name: 'totals',
  entity: class Totals {},
  canHandle: ['Added'],
  evolve: (row, event) => ({
    id: event.streamId,
    version: event.version,
    total: (row?.total ?? 0) + (event.data as { by: number }).by,
  }),
});

const metadata = { accountId: 'acc_A', mode: 'test' as const, now: 0 };
const added = (version: number): StoredEvent<Added> => ({
  globalPosition: version,
  streamId: 'ctr_1',
  streamType: 'counter',
  version,
  type: 'Added',
  data: { by: version },
  metadata,
});
const whole = Array.from({ length: 250 }, (_, i) => added(i + 1));
/** The stream from its snapshot at 200: the events after it, the snapshot as base. */
const base = (snapshotVersion = 3): StreamBase => ({
  version: 200,
  snapshotVersion,
  state: fold(counter, whole.slice(0, 200).map(toDomainEvent)),
  views: { totals: totals.view(whole.slice(0, 200)) },
  complete: true,
  latestNow: 0,
});
const tail = (snapshotVersion?: number) => fromSnapshot(whole.slice(200), base(snapshotVersion));

describe('a stream read from its snapshot', () => {
  it('folds to the state and the read row of its whole history', () => {
    expect(foldStream(counter, tail())).toBe(foldStream(counter, whole));
    expect(totals.view(tail())).toEqual(totals.view(whole));
    expect(versionOf(tail())).toBe(250);
  });

  it('keeps its snapshot when cut at a version or continued, and knows its version when nothing follows it', () => {
    expect(totals.view(streamUpTo(tail(), 220))).toEqual(totals.view(whole.slice(0, 220)));
    const next = continued(tail(), [added(251)]);
    expect(foldStream(counter, next)).toBe(
      fold(counter, [...whole, added(251)].map(toDomainEvent)),
    );
    expect(versionOf(fromSnapshot([], base()))).toBe(200);
  });

  it('refuses to be cut before its snapshot, or folded by another decider version', () => {
    expect(() => streamUpTo(tail(), 150)).toThrow(/snapshot at 200/);
    expect(() => foldStream(counter, tail(2))).toThrow(/version 2, not 3/);
  });
});
