import type { BrokerState } from '../broker-state';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

const LATEST = -1;
const EARLIEST = -2;

interface OffsetAnswer {
  partition: number;
  error: number;
  timestamp: number;
  offset: number;
}

/** ListOffsets 1-3: latest (-1), earliest (-2), or the first record at or after a timestamp. */
export const listOffsetsApi: ApiDefinition = {
  key: ApiKey.ListOffsets,
  name: 'ListOffsets',
  minVersion: 1,
  maxVersion: 3,
  handle(body, { version, broker }) {
    body.int32(); // replica_id
    if (version >= 2) body.int8(); // isolation_level: no transactions, so both levels read the same
    const topics = body.array((t) => ({
      name: t.string(),
      partitions: t.array((p) => ({ partition: p.int32(), timestamp: p.int64() })),
    }));
    const answers = topics.map((topic) => ({
      name: topic.name,
      partitions: topic.partitions.map(({ partition, timestamp }) =>
        answer(broker, topic.name, partition, timestamp),
      ),
    }));
    return (writer) => {
      writeThrottle(writer, version, 2);
      writer.array(answers, (w, topic) => {
        w.string(topic.name).array(topic.partitions, (pw, a) =>
          pw.int32(a.partition).int16(a.error).int64(a.timestamp).int64(a.offset),
        );
      });
    };
  },
};

function answer(
  broker: BrokerState,
  topic: string,
  partition: number,
  timestamp: number,
): OffsetAnswer {
  const log = broker.topics.partition(topic, partition);
  if (!log)
    return { partition, error: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, timestamp: -1, offset: -1 };
  if (timestamp === LATEST)
    return { partition, error: ErrorCode.NONE, timestamp: -1, offset: log.highWatermark };
  if (timestamp === EARLIEST)
    return { partition, error: ErrorCode.NONE, timestamp: -1, offset: log.logStartOffset };
  const found = log.offsetForTimestamp(timestamp);
  return {
    partition,
    error: ErrorCode.NONE,
    timestamp: found?.timestamp ?? -1,
    offset: found?.offset ?? -1,
  };
}
