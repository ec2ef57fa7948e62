import type { BatchInfo } from '../protocol/record-batch';
import {
  assignBaseOffset,
  checkBatch,
  findOffsetByTimestamp,
  readBaseOffset,
} from '../protocol/record-batch';
import type { LogFile } from './log-file';
import { ProducerState } from './producer-state';
import type { SequenceCheck } from './producer-state';

interface IndexEntry {
  baseOffset: number;
  lastOffset: number;
  maxTimestamp: number;
  size: number;
  /** Where the batch starts in the log file (file-backed logs). */
  position: number;
  /** The batch itself (in-memory logs). */
  bytes: Buffer | null;
}

export type AppendResult =
  { kind: 'appended'; baseOffset: number } | Exclude<SequenceCheck, { kind: 'append' }>;

/**
 * One partition: an ordered list of record batches with contiguous offsets. Offsets are assigned
 * here (base = log end offset), so the log end offset is also the high watermark on one node.
 */
export class PartitionLog {
  private readonly index: IndexEntry[] = [];
  private readonly producers = new ProducerState();
  private readonly appendListeners = new Set<(bytes: number) => void>();
  private logEndOffset = 0;

  constructor(
    readonly topic: string,
    readonly partition: number,
    private readonly file: LogFile | null,
  ) {
    file?.recover((batch, position) => this.indexRecovered(batch, position));
  }

  get highWatermark(): number {
    return this.logEndOffset;
  }

  /** Nothing is ever removed from the log (no retention), so the log starts at offset 0. */
  get logStartOffset(): number {
    return 0;
  }

  append(batch: Buffer, info: BatchInfo): AppendResult {
    const check = this.producers.check(info);
    if (check.kind !== 'append') return check;
    const baseOffset = this.logEndOffset;
    assignBaseOffset(batch, baseOffset);
    const entry: IndexEntry = {
      baseOffset,
      lastOffset: baseOffset + info.lastOffsetDelta,
      maxTimestamp: info.maxTimestamp,
      size: batch.length,
      position: this.file ? this.file.append(batch) : -1,
      // Copied so the log does not keep the whole request frame alive.
      bytes: this.file ? null : Buffer.from(batch),
    };
    this.index.push(entry);
    this.logEndOffset = entry.lastOffset + 1;
    this.producers.record(info, baseOffset);
    for (const listener of this.appendListeners) listener(batch.length);
    return { kind: 'appended', baseOffset };
  }

  /**
   * Whole batches starting with the one that contains `fetchOffset` (never one that ends before
   * it: the consumer would skip the record at `fetchOffset`). The first batch is returned even if it
   * alone exceeds `maxBytes`, so a large batch can never stall a consumer.
   */
  read(fetchOffset: number, maxBytes: number): Buffer[] {
    const first = this.findEntry(fetchOffset);
    if (first === -1) return [];
    let last = first;
    let total = this.index[first].size;
    while (last + 1 < this.index.length && total + this.index[last + 1].size <= maxBytes) {
      last++;
      total += this.index[last].size;
    }
    if (this.file === null)
      return this.index.slice(first, last + 1).map((entry) => entry.bytes as Buffer);
    return [this.file.read(this.index[first].position, total)];
  }

  /** The first record with a timestamp at or after `timestamp`, or null if none. */
  offsetForTimestamp(timestamp: number): { offset: number; timestamp: number } | null {
    for (const entry of this.index) {
      if (entry.maxTimestamp < timestamp) continue;
      const batch = entry.bytes ?? (this.file as LogFile).read(entry.position, entry.size);
      const found = findOffsetByTimestamp(batch, timestamp);
      if (found !== null) return found;
    }
    return null;
  }

  highestProducerId(): number {
    return this.producers.highestProducerId();
  }

  /** Calls `listener` with the size of every batch appended from now on; returns the unsubscribe. */
  onAppend(listener: (bytes: number) => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  sync(): void {
    this.file?.sync();
  }

  close(): void {
    this.appendListeners.clear();
    this.file?.close();
  }

  private findEntry(offset: number): number {
    let low = 0;
    let high = this.index.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.index[middle].lastOffset >= offset) {
        found = middle;
        high = middle - 1;
      } else {
        low = middle + 1;
      }
    }
    return found;
  }

  private indexRecovered(batch: Buffer, position: number): boolean {
    const check = checkBatch(batch);
    if (!check.ok) return false;
    const baseOffset = readBaseOffset(batch);
    this.index.push({
      baseOffset,
      lastOffset: baseOffset + check.info.lastOffsetDelta,
      maxTimestamp: check.info.maxTimestamp,
      size: batch.length,
      position,
      bytes: null,
    });
    this.logEndOffset = baseOffset + check.info.lastOffsetDelta + 1;
    this.producers.record(check.info, baseOffset);
    return true;
  }
}
