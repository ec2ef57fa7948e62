import type { BrokerState } from '../broker-state';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { BatchInfo } from '../protocol/record-batch';
import { checkBatch, splitBatches } from '../protocol/record-batch';
import type { ApiDefinition } from './api';

interface PartitionResult {
  partition: number;
  error: number;
  baseOffset: number;
  logStartOffset: number;
}

/**
 * Produce 3-7 (record batch v2). Every batch of a partition is validated before any is appended, so
 * a partition takes all of its batches or none. acks -1 and 1 are the same on one node: the answer
 * is written after the append; acks 0 gets no answer.
 */
export const produceApi: ApiDefinition = {
  key: ApiKey.Produce,
  name: 'Produce',
  minVersion: 3,
  maxVersion: 7,
  handle(body, { version, broker, clientId }) {
    body.nullableString(); // transactional_id: transactions are not supported (batches are checked)
    const acks = body.int16();
    body.int32(); // timeout_ms
    const validAcks = acks === -1 || acks === 0 || acks === 1;
    const topics = body.array((t) => ({
      name: t.string(),
      partitions: t.array((p) => ({ partition: p.int32(), records: p.nullableBytes() })),
    }));
    const results = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map(({ partition, records }) =>
        validAcks
          ? appendPartition(broker, topic.name, partition, records, clientId)
          : failed(partition, ErrorCode.INVALID_REQUIRED_ACKS),
      ),
    }));
    if (broker.syncEveryWrite) broker.topics.sync();
    if (acks === 0) return null;
    return (writer) => {
      writer.array(results, (w, topic) => {
        w.string(topic.name).array(topic.partitions, (pw, result) => {
          pw.int32(result.partition).int16(result.error).int64(result.baseOffset).int64(-1); // log_append_time: CreateTime
          if (version >= 5) pw.int64(result.logStartOffset);
        });
      });
      writer.int32(0); // throttle_time_ms, last in this API
    };
  },
};

function appendPartition(
  broker: BrokerState,
  topic: string,
  partition: number,
  records: Buffer | null,
  clientId: string | null,
): PartitionResult {
  const log = broker.topics.partition(topic, partition);
  if (!log) return failed(partition, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  const batches = records && records.length > 0 ? splitBatches(records) : null;
  if (batches === null)
    return rejected(
      broker,
      { topic, partition, clientId },
      ErrorCode.CORRUPT_MESSAGE,
      'records are not whole record batches',
    );
  const checked: { batch: Buffer; info: BatchInfo }[] = [];
  for (const batch of batches) {
    if (batch.length > broker.topicDefaults.maxMessageBytes) {
      return rejected(
        broker,
        { topic, partition, clientId },
        ErrorCode.MESSAGE_TOO_LARGE,
        `batch of ${batch.length} bytes exceeds ${broker.topicDefaults.maxMessageBytes}`,
      );
    }
    const check = checkBatch(batch);
    if (!check.ok)
      return rejected(broker, { topic, partition, clientId }, check.error, check.reason);
    checked.push({ batch, info: check.info });
  }
  let firstOffset = -1;
  for (const { batch, info } of checked) {
    const result = log.append(batch, info);
    if (result.kind === 'reject')
      return rejected(
        broker,
        { topic, partition, clientId },
        result.error,
        'producer sequence or epoch out of order',
      );
    if (firstOffset === -1) firstOffset = result.baseOffset;
  }
  return {
    partition,
    error: ErrorCode.NONE,
    baseOffset: firstOffset,
    logStartOffset: log.logStartOffset,
  };
}

function rejected(
  broker: BrokerState,
  where: Record<string, unknown>,
  error: number,
  reason: string,
): PartitionResult {
  broker.log('warn', 'produce rejected', { ...where, error, reason });
  return failed(where['partition'] as number, error);
}

function failed(partition: number, error: number): PartitionResult {
  return { partition, error, baseOffset: -1, logStartOffset: -1 };
}
