import { ErrorCode } from '../protocol/error-codes';
import { ProducerState } from './producer-state';

const batch = (baseSequence: number, recordCount = 2, producerEpoch = 0) => ({
  producerId: 7,
  producerEpoch,
  baseSequence,
  recordCount,
});

describe('ProducerState', () => {
  it('appends batches without a producer id unconditionally', () => {
    const state = new ProducerState();
    expect(
      state.check({ producerId: -1, producerEpoch: 0, baseSequence: 0, recordCount: 1 }),
    ).toEqual({ kind: 'append' });
  });

  it('answers a retried batch with the offset it was first written at', () => {
    const state = new ProducerState();
    state.record(batch(0), 100);
    state.record(batch(2), 102);
    expect(state.check(batch(0))).toEqual({ kind: 'duplicate', baseOffset: 100 });
    expect(state.check(batch(2))).toEqual({ kind: 'duplicate', baseOffset: 102 });
  });

  it('accepts the next sequence and refuses a gap', () => {
    const state = new ProducerState();
    state.record(batch(0), 0);
    expect(state.check(batch(2))).toEqual({ kind: 'append' });
    expect(state.check(batch(5))).toEqual({
      kind: 'reject',
      error: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
  });

  it('fences an older epoch and restarts sequences for a newer one', () => {
    const state = new ProducerState();
    state.record(batch(0, 2, 3), 0);
    expect(state.check(batch(2, 2, 2))).toEqual({
      kind: 'reject',
      error: ErrorCode.INVALID_PRODUCER_EPOCH,
    });
    expect(state.check(batch(0, 2, 4))).toEqual({ kind: 'append' });
  });
});
