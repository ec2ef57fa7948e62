import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeBatch } from '../../../test/support/record-batches';
import type { TestRecord } from '../../../test/support/record-batches';
import { checkBatch, readBaseOffset } from '../protocol/record-batch';
import { LogFile } from './log-file';
import { PartitionLog } from './partition-log';

async function append(
  log: PartitionLog,
  records: TestRecord[],
  producer: { producerId?: number; firstSequence?: number } = {},
) {
  const batch = await encodeBatch({ records, ...producer });
  const check = checkBatch(batch);
  if (!check.ok) throw new Error(check.reason);
  return log.append(batch, check.info);
}

const values = (count: number): TestRecord[] =>
  Array.from({ length: count }, (_, i) => ({ value: `v${i}` }));

describe('PartitionLog', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'partition-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('assigns contiguous offsets: each batch starts at the log end', async () => {
    const log = new PartitionLog('t', 0, null);
    expect(await append(log, values(3))).toEqual({ kind: 'appended', baseOffset: 0 });
    expect(await append(log, values(2))).toEqual({ kind: 'appended', baseOffset: 3 });
    expect(log.highWatermark).toBe(5);
  });

  it('starts a read with the batch that contains the fetch offset', async () => {
    const log = new PartitionLog('t', 0, null);
    await append(log, values(3)); // 0-2
    await append(log, values(3)); // 3-5
    const batches = log.read(4, 1024 * 1024);
    expect(batches.map(readBaseOffset)).toEqual([3]);
    expect(log.read(6, 1024 * 1024)).toEqual([]);
  });

  it('returns at least one whole batch even when it is larger than the limit, then stops at the limit', async () => {
    const log = new PartitionLog('t', 0, null);
    for (let i = 0; i < 3; i++) await append(log, [{ value: 'x'.repeat(500) }]);
    expect(log.read(0, 10)).toHaveLength(1);
    const [first] = log.read(0, 10);
    expect(log.read(0, first.length * 2)).toHaveLength(2);
  });

  it('answers a retried idempotent batch with its first offset instead of appending it again', async () => {
    const log = new PartitionLog('t', 0, null);
    await append(log, values(2), { producerId: 9, firstSequence: 0 });
    expect(await append(log, values(2), { producerId: 9, firstSequence: 0 })).toEqual({
      kind: 'duplicate',
      baseOffset: 0,
    });
    expect(log.highWatermark).toBe(2);
  });

  it('tells listeners how many bytes were appended', async () => {
    const log = new PartitionLog('t', 0, null);
    const sizes: number[] = [];
    const unsubscribe = log.onAppend((bytes) => sizes.push(bytes));
    await append(log, values(1));
    unsubscribe();
    await append(log, values(1));
    expect(sizes).toHaveLength(1);
  });

  it('recovers offsets, batches and producer state from its file', async () => {
    const path = join(dir, '0.log');
    const log = new PartitionLog('t', 0, LogFile.open(path));
    await append(log, values(2), { producerId: 5, firstSequence: 0 });
    await append(log, values(3));
    log.close();
    const reopened = new PartitionLog('t', 0, LogFile.open(path));
    expect(reopened.highWatermark).toBe(5);
    expect(Buffer.concat(reopened.read(0, 1 << 20)).length).toBe(statSync(path).size);
    expect(await append(reopened, values(2), { producerId: 5, firstSequence: 0 })).toEqual({
      kind: 'duplicate',
      baseOffset: 0,
    });
    reopened.close();
  });

  it('drops a batch torn by a crash mid-write and keeps everything before it', async () => {
    const path = join(dir, '0.log');
    const log = new PartitionLog('t', 0, LogFile.open(path));
    await append(log, values(2));
    log.close();
    const sizeBefore = statSync(path).size;
    appendFileSync(path, (await encodeBatch({ records: values(4) })).subarray(0, 40));
    const reopened = new PartitionLog('t', 0, LogFile.open(path));
    expect(reopened.highWatermark).toBe(2);
    expect(statSync(path).size).toBe(sizeBefore);
    expect(await append(reopened, values(1))).toEqual({ kind: 'appended', baseOffset: 2 });
    reopened.close();
  });

  it('finds offsets by timestamp, also after recovery', async () => {
    const path = join(dir, '0.log');
    const log = new PartitionLog('t', 0, LogFile.open(path));
    await append(log, [
      { value: 'a', timestampDelta: 0 },
      { value: 'b', timestampDelta: 100 },
    ]);
    log.close();
    const reopened = new PartitionLog('t', 0, LogFile.open(path));
    expect(reopened.offsetForTimestamp(1_700_000_000_050)).toEqual({
      offset: 1,
      timestamp: 1_700_000_000_100,
    });
    expect(reopened.offsetForTimestamp(1_700_000_000_101)).toBeNull();
    reopened.close();
  });
});
