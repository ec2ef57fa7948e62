import { crc32c } from '@node-rs/crc32';
import { encodeBatch, withCodec } from '../../../test/support/record-batches';
import { ErrorCode } from './error-codes';
import {
  assignBaseOffset,
  checkBatch,
  findOffsetByTimestamp,
  hasValidCrc,
  splitBatches,
} from './record-batch';

describe('record batches', () => {
  it('uses CRC-32C (Castagnoli): the check value of "123456789" is e3069283', () => {
    expect(crc32c(Buffer.from('123456789')).toString(16)).toBe('e3069283');
  });

  it('accepts a batch encoded by kafkajs and reports its records and real max timestamp', async () => {
    const batch = await encodeBatch({
      firstTimestamp: 1000,
      records: [
        { key: 'k', value: 'v', headers: { h: 'x' } },
        { value: null, timestampDelta: 50 },
        { key: null, value: 'z', timestampDelta: 20 },
      ],
    });
    const check = checkBatch(batch);
    expect(check).toEqual({
      ok: true,
      info: {
        recordCount: 3,
        lastOffsetDelta: 2,
        maxTimestamp: 1050,
        producerId: -1,
        producerEpoch: 0,
        baseSequence: 0,
      },
    });
  });

  it('refuses a batch whose bytes do not match its CRC', async () => {
    const batch = await encodeBatch({ records: [{ value: 'payload' }] });
    batch[batch.length - 2] ^= 0xff;
    expect(checkBatch(batch)).toMatchObject({ ok: false, error: ErrorCode.CORRUPT_MESSAGE });
  });

  it('accepts gzip, which it can inflate and check', async () => {
    const batch = await encodeBatch({ gzip: true, records: [{ value: 'a' }, { value: 'b' }] });
    expect(checkBatch(batch)).toMatchObject({ ok: true, info: { recordCount: 2 } });
  });

  it.each([2, 3, 4])('refuses codec %i with UNSUPPORTED_COMPRESSION_TYPE', async (codec) => {
    const batch = withCodec(await encodeBatch({ records: [{ value: 'a' }] }), codec);
    expect(checkBatch(batch)).toMatchObject({
      ok: false,
      error: ErrorCode.UNSUPPORTED_COMPRESSION_TYPE,
    });
  });

  it('refuses records that do not fill the batch exactly', async () => {
    const batch = await encodeBatch({ records: [{ value: 'a' }, { value: 'b' }] });
    batch.writeInt32BE(1, 57); // record count says 1, but 2 records follow
    batch.writeInt32BE(0, 23);
    batch.writeUInt32BE(crc32c(batch.subarray(21)), 17);
    expect(checkBatch(batch)).toMatchObject({ ok: false, error: ErrorCode.CORRUPT_MESSAGE });
  });

  it('refuses magic bytes other than 2', async () => {
    const batch = await encodeBatch({ records: [{ value: 'a' }] });
    batch.writeInt8(1, 16);
    expect(checkBatch(batch)).toMatchObject({ ok: false, error: ErrorCode.INVALID_RECORD });
  });

  it('splits concatenated batches and refuses a truncated one', async () => {
    const one = await encodeBatch({ records: [{ value: 'a' }] });
    const two = await encodeBatch({ records: [{ value: 'b' }, { value: 'c' }] });
    expect(splitBatches(Buffer.concat([one, two]))?.map((b) => b.length)).toEqual([
      one.length,
      two.length,
    ]);
    expect(splitBatches(Buffer.concat([one, two.subarray(0, 30)]))).toBeNull();
  });

  it('keeps the CRC valid when the broker assigns the base offset', async () => {
    const batch = await encodeBatch({ records: [{ value: 'a' }] });
    assignBaseOffset(batch, 12345);
    expect(hasValidCrc(batch)).toBe(true);
    expect(batch.readBigInt64BE(0)).toBe(12345n);
  });

  it('finds the first record at or after a timestamp', async () => {
    const batch = await encodeBatch({
      firstTimestamp: 1000,
      records: [
        { value: 'a' },
        { value: 'b', timestampDelta: 10 },
        { value: 'c', timestampDelta: 20 },
      ],
    });
    assignBaseOffset(batch, 40);
    expect(findOffsetByTimestamp(batch, 1005)).toEqual({ offset: 41, timestamp: 1010 });
    expect(findOffsetByTimestamp(batch, 1021)).toBeNull();
  });
});
