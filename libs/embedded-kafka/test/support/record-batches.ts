import { crc32c } from '@node-rs/crc32';

interface KafkajsEncoder {
  buffer: Buffer;
}

// kafkajs ships its encoders only as untyped CommonJS modules
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as {
  RecordBatch: (batch: Record<string, unknown>) => Promise<KafkajsEncoder>;
};
const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as (
  record: Record<string, unknown>,
) => KafkajsEncoder;
const { Types: CompressionTypes } = require('kafkajs/src/protocol/message/compression') as {
  Types: { None: number; GZIP: number };
};

export interface TestRecord {
  key?: string | null;
  value: string | null;
  headers?: Record<string, string>;
  timestampDelta?: number;
}

export interface TestBatch {
  records: TestRecord[];
  firstTimestamp?: number;
  gzip?: boolean;
  producerId?: number;
  producerEpoch?: number;
  firstSequence?: number;
}

/** A record batch encoded by kafkajs itself, exactly as its producer would send it. */
export async function encodeBatch(batch: TestBatch): Promise<Buffer> {
  const firstTimestamp = batch.firstTimestamp ?? 1_700_000_000_000;
  const records = batch.records.map((record, offsetDelta) =>
    Record({
      offsetDelta,
      timestampDelta: record.timestampDelta ?? 0,
      key: record.key == null ? null : Buffer.from(record.key),
      value: record.value === null ? null : Buffer.from(record.value),
      headers: record.headers ?? {},
    }),
  );
  const encoder = await RecordBatch({
    compression: batch.gzip ? CompressionTypes.GZIP : CompressionTypes.None,
    firstTimestamp,
    maxTimestamp: firstTimestamp + Math.max(0, ...batch.records.map((r) => r.timestampDelta ?? 0)),
    lastOffsetDelta: records.length - 1,
    producerId: batch.producerId ?? -1,
    producerEpoch: batch.producerEpoch ?? 0,
    firstSequence: batch.firstSequence ?? 0,
    records,
  });
  return Buffer.from(encoder.buffer);
}

/** Sets the codec bits (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd) and recomputes the CRC. */
export function withCodec(batch: Buffer, codec: number): Buffer {
  const copy = Buffer.from(batch);
  copy.writeInt16BE((copy.readInt16BE(21) & ~0x07) | codec, 21);
  copy.writeUInt32BE(crc32c(copy.subarray(21)), 17);
  return copy;
}
