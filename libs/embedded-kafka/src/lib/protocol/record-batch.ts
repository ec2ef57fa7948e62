import { crc32c } from '@node-rs/crc32';
import { gunzipSync } from 'node:zlib';
import { ErrorCode } from './error-codes';
import { MalformedRequestError, Reader } from './reader';

/** Byte offsets of the RecordBatch v2 header (Kafka's DefaultRecordBatch). */
const BASE_OFFSET = 0;
const BATCH_LENGTH = 8;
const MAGIC = 16;
const CRC = 17;
const ATTRIBUTES = 21;
const LAST_OFFSET_DELTA = 23;
const BASE_TIMESTAMP = 27;
const PRODUCER_ID = 43;
const PRODUCER_EPOCH = 51;
const BASE_SEQUENCE = 53;
const RECORD_COUNT = 57;
export const BATCH_HEADER_SIZE = 61;
/** Bytes before `batch length` plus the field itself: batch size = length field + 12. */
const LOG_OVERHEAD = 12;

const CODEC_MASK = 0x07;
const CODEC_GZIP = 1;
const TRANSACTIONAL_FLAG = 0x10;
const CONTROL_FLAG = 0x20;

/** What the log keeps about a batch besides its bytes. */
export interface BatchInfo {
  recordCount: number;
  lastOffsetDelta: number;
  /** The largest record timestamp, computed from the records rather than trusted from the header. */
  maxTimestamp: number;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
}

export type BatchCheck =
  { ok: true; info: BatchInfo } | { ok: false; error: ErrorCode; reason: string };

/**
 * Splits a partition's `records` field into whole batches. Returns null when the bytes do not
 * consist of complete batches (Kafka answers CORRUPT_MESSAGE).
 */
export function splitBatches(records: Buffer): Buffer[] | null {
  const batches: Buffer[] = [];
  let offset = 0;
  while (offset < records.length) {
    if (records.length - offset < LOG_OVERHEAD) return null;
    const size = records.readInt32BE(offset + BATCH_LENGTH) + LOG_OVERHEAD;
    if (size < BATCH_HEADER_SIZE || offset + size > records.length) return null;
    batches.push(records.subarray(offset, offset + size));
    offset += size;
  }
  return batches;
}

/** Kafka's produce-side validation: framing, magic 2, CRC-32C, supported codec, records well formed. */
export function checkBatch(batch: Buffer): BatchCheck {
  if (batch.readInt8(MAGIC) !== 2) {
    return reject(
      ErrorCode.INVALID_RECORD,
      `record batch magic ${batch.readInt8(MAGIC)}; only 2 is supported`,
    );
  }
  const expectedCrc = batch.readUInt32BE(CRC);
  const actualCrc = crc32c(batch.subarray(ATTRIBUTES));
  if (expectedCrc !== actualCrc) {
    return reject(
      ErrorCode.CORRUPT_MESSAGE,
      `CRC-32C mismatch: batch says ${expectedCrc}, bytes give ${actualCrc}`,
    );
  }
  const attributes = batch.readInt16BE(ATTRIBUTES);
  if (attributes & (TRANSACTIONAL_FLAG | CONTROL_FLAG)) {
    return reject(ErrorCode.INVALID_RECORD, 'transactional and control batches are not supported');
  }
  const codec = attributes & CODEC_MASK;
  if (codec !== 0 && codec !== CODEC_GZIP) {
    return reject(
      ErrorCode.UNSUPPORTED_COMPRESSION_TYPE,
      `compression codec ${codec} is not supported; use none or gzip`,
    );
  }
  const recordCount = batch.readInt32BE(RECORD_COUNT);
  const lastOffsetDelta = batch.readInt32BE(LAST_OFFSET_DELTA);
  if (recordCount < 1 || lastOffsetDelta !== recordCount - 1) {
    return reject(
      ErrorCode.INVALID_RECORD,
      `${recordCount} records with last offset delta ${lastOffsetDelta}`,
    );
  }
  const records =
    codec === CODEC_GZIP
      ? inflate(batch.subarray(BATCH_HEADER_SIZE))
      : batch.subarray(BATCH_HEADER_SIZE);
  if (records === null) return reject(ErrorCode.CORRUPT_MESSAGE, 'gzip payload does not inflate');
  const baseTimestamp = Number(batch.readBigInt64BE(BASE_TIMESTAMP));
  const maxTimestamp = scanRecords(records, recordCount, baseTimestamp);
  if (maxTimestamp === null)
    return reject(ErrorCode.CORRUPT_MESSAGE, 'records do not match the batch header');
  return {
    ok: true,
    info: { recordCount, lastOffsetDelta, maxTimestamp, ...producerFields(batch) },
  };
}

function producerFields(
  batch: Buffer,
): Pick<BatchInfo, 'producerId' | 'producerEpoch' | 'baseSequence'> {
  return {
    producerId: Number(batch.readBigInt64BE(PRODUCER_ID)),
    producerEpoch: batch.readInt16BE(PRODUCER_EPOCH),
    baseSequence: batch.readInt32BE(BASE_SEQUENCE),
  };
}

export function batchSize(bytes: Buffer, offset: number): number {
  return bytes.readInt32BE(offset + BATCH_LENGTH) + LOG_OVERHEAD;
}

export function readBaseOffset(batch: Buffer): number {
  return Number(batch.readBigInt64BE(BASE_OFFSET));
}

/** Only the base offset is rewritten: the CRC does not cover it, so the batch stays valid. */
export function assignBaseOffset(batch: Buffer, baseOffset: number): void {
  batch.writeBigInt64BE(BigInt(baseOffset), BASE_OFFSET);
}

export function hasValidCrc(batch: Buffer): boolean {
  return (
    batch.length >= BATCH_HEADER_SIZE &&
    batch.readUInt32BE(CRC) === crc32c(batch.subarray(ATTRIBUTES))
  );
}

/** The first record with a timestamp >= `timestamp`, or null; used by ListOffsets. */
export function findOffsetByTimestamp(
  batch: Buffer,
  timestamp: number,
): { offset: number; timestamp: number } | null {
  const codec = batch.readInt16BE(ATTRIBUTES) & CODEC_MASK;
  const records =
    codec === CODEC_GZIP
      ? inflate(batch.subarray(BATCH_HEADER_SIZE))
      : batch.subarray(BATCH_HEADER_SIZE);
  if (records === null) return null;
  const baseOffset = readBaseOffset(batch);
  const baseTimestamp = Number(batch.readBigInt64BE(BASE_TIMESTAMP));
  const reader = new Reader(records);
  for (let i = 0; i < batch.readInt32BE(RECORD_COUNT); i++) {
    const record = readRecordHead(reader);
    const recordTimestamp = baseTimestamp + record.timestampDelta;
    if (recordTimestamp >= timestamp)
      return { offset: baseOffset + record.offsetDelta, timestamp: recordTimestamp };
  }
  return null;
}

function inflate(bytes: Buffer): Buffer | null {
  try {
    return gunzipSync(bytes);
  } catch {
    return null;
  }
}

/** Walks every record; returns the largest timestamp, or null if the framing is wrong anywhere. */
function scanRecords(records: Buffer, recordCount: number, baseTimestamp: number): number | null {
  const reader = new Reader(records);
  let maxTimestamp = -1;
  try {
    for (let index = 0; index < recordCount; index++) {
      const record = readRecordHead(reader);
      if (record.offsetDelta !== index) return null;
      maxTimestamp = Math.max(maxTimestamp, baseTimestamp + record.timestampDelta);
    }
  } catch (error) {
    if (error instanceof MalformedRequestError) return null;
    throw error;
  }
  return reader.remaining === 0 ? maxTimestamp : null;
}

/** Reads one record completely, checking that its fields fill exactly its declared length. */
function readRecordHead(reader: Reader): { timestampDelta: number; offsetDelta: number } {
  const length = reader.varint();
  const end = reader.offset + length;
  reader.int8(); // attributes, unused in v2 records
  const timestampDelta = reader.varint();
  const offsetDelta = reader.varint();
  skipVarBytes(reader); // key
  skipVarBytes(reader); // value
  const headerCount = reader.varint();
  if (headerCount < 0) throw new MalformedRequestError('negative header count');
  for (let h = 0; h < headerCount; h++) {
    skipVarBytes(reader);
    skipVarBytes(reader);
  }
  if (reader.offset !== end)
    throw new MalformedRequestError('record length does not match its fields');
  return { timestampDelta, offsetDelta };
}

function skipVarBytes(reader: Reader): void {
  const length = reader.varint();
  if (length < -1) throw new MalformedRequestError('negative length');
  if (length > 0) reader.skip(length);
}

function reject(error: ErrorCode, reason: string): BatchCheck {
  return { ok: false, error, reason };
}
