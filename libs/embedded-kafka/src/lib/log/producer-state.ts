import { ErrorCode } from '../protocol/error-codes';

/** How many recent batches per producer are remembered for duplicate detection (Kafka keeps 5). */
const REMEMBERED_BATCHES = 5;

interface SequencedBatch {
  firstSequence: number;
  lastSequence: number;
  baseOffset: number;
}

interface ProducerEntry {
  epoch: number;
  lastSequence: number;
  recent: SequencedBatch[];
}

export type SequenceCheck =
  | { kind: 'append' }
  | { kind: 'duplicate'; baseOffset: number }
  | { kind: 'reject'; error: ErrorCode };

export interface ProducedBatch {
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
  recordCount: number;
}

/**
 * Idempotent-producer bookkeeping for one partition: a retried batch (same producer, epoch and
 * sequence range) is answered with its original offset instead of being appended twice.
 */
export class ProducerState {
  private readonly producers = new Map<number, ProducerEntry>();

  check(batch: ProducedBatch): SequenceCheck {
    if (batch.producerId < 0) return { kind: 'append' };
    const entry = this.producers.get(batch.producerId);
    if (entry === undefined) return { kind: 'append' };
    if (batch.producerEpoch < entry.epoch)
      return { kind: 'reject', error: ErrorCode.INVALID_PRODUCER_EPOCH };
    if (batch.producerEpoch > entry.epoch) {
      return batch.baseSequence === 0
        ? { kind: 'append' }
        : { kind: 'reject', error: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
    }
    const lastSequence = lastSequenceOf(batch);
    const duplicate = entry.recent.find(
      (known) => known.firstSequence === batch.baseSequence && known.lastSequence === lastSequence,
    );
    if (duplicate) return { kind: 'duplicate', baseOffset: duplicate.baseOffset };
    if (batch.baseSequence === nextSequence(entry.lastSequence)) return { kind: 'append' };
    return { kind: 'reject', error: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
  }

  record(batch: ProducedBatch, baseOffset: number): void {
    if (batch.producerId < 0) return;
    const known = this.producers.get(batch.producerId);
    const entry =
      known && known.epoch === batch.producerEpoch
        ? known
        : { epoch: batch.producerEpoch, lastSequence: -1, recent: [] };
    const lastSequence = lastSequenceOf(batch);
    entry.lastSequence = lastSequence;
    entry.recent.push({ firstSequence: batch.baseSequence, lastSequence, baseOffset });
    if (entry.recent.length > REMEMBERED_BATCHES) entry.recent.shift();
    this.producers.set(batch.producerId, entry);
  }

  highestProducerId(): number {
    return Math.max(-1, ...this.producers.keys());
  }
}

/** Sequences are int32 and wrap to 0 after 2^31 - 1, as in Kafka. */
function nextSequence(sequence: number): number {
  return sequence === 0x7fffffff ? 0 : sequence + 1;
}

function lastSequenceOf(batch: ProducedBatch): number {
  return (batch.baseSequence + batch.recordCount - 1) % 0x80000000;
}
