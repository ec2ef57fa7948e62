import type { BrokerState } from '../broker-state';
import { isValidTopicName } from '../log/topic-name';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { Reader } from '../protocol/reader';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

const INVALID_REPLICA_ASSIGNMENT = 39;

interface CreatableTopic {
  name: string;
  numPartitions: number;
  replicationFactor: number;
  assignments: { partition: number; brokers: number[] }[];
}

interface CreationResult {
  name: string;
  error: number;
  message: string | null;
}

/** CreateTopics 0-3. One node: replication factor above 1 is refused, as a one-broker Kafka does. */
export const createTopicsApi: ApiDefinition = {
  key: ApiKey.CreateTopics,
  name: 'CreateTopics',
  minVersion: 0,
  maxVersion: 3,
  handle(body, { version, broker }) {
    const requested = body.array(readTopic);
    body.int32(); // timeout_ms: creation is synchronous here
    const validateOnly = version >= 1 ? body.bool() : false;
    const counts = new Map<string, number>();
    for (const topic of requested) counts.set(topic.name, (counts.get(topic.name) ?? 0) + 1);
    const results = requested.map((topic) =>
      (counts.get(topic.name) as number) > 1
        ? failure(
            topic.name,
            ErrorCode.INVALID_REQUEST,
            `Topic '${topic.name}' is listed more than once.`,
          )
        : create(broker, topic, validateOnly),
    );
    return (writer) => {
      writeThrottle(writer, version, 2);
      writer.array(results, (w, result) => {
        w.string(result.name).int16(result.error);
        if (version >= 1) w.string(result.message);
      });
    };
  },
};

function readTopic(r: Reader): CreatableTopic {
  const name = r.string();
  const numPartitions = r.int32();
  const replicationFactor = r.int16();
  const assignments = r.array((a) => ({
    partition: a.int32(),
    brokers: a.array((b) => b.int32()),
  }));
  r.array((c) => ({ name: c.string(), value: c.nullableString() })); // configs: accepted, not applied
  return { name, numPartitions, replicationFactor, assignments };
}

function create(broker: BrokerState, topic: CreatableTopic, validateOnly: boolean): CreationResult {
  const problem = validate(broker, topic);
  if (problem) return problem;
  const partitions =
    topic.assignments.length > 0 ? topic.assignments.length : partitionCount(broker, topic);
  if (!validateOnly) {
    broker.topics.create(topic.name, partitions);
    broker.log('info', 'topic created', { topic: topic.name, partitions });
  }
  return { name: topic.name, error: ErrorCode.NONE, message: null };
}

function validate(broker: BrokerState, topic: CreatableTopic): CreationResult | null {
  const { name } = topic;
  if (!isValidTopicName(name))
    return failure(
      name,
      ErrorCode.INVALID_TOPIC_EXCEPTION,
      `Topic name '${name}' is illegal; it may contain only ASCII letters, digits, '.', '_' and '-', up to 249 characters.`,
    );
  if (broker.topics.get(name))
    return failure(name, ErrorCode.TOPIC_ALREADY_EXISTS, `Topic '${name}' already exists.`);
  if (topic.assignments.length > 0) {
    const { nodeId } = broker.identity;
    const valid =
      topic.assignments.every((a, i) => a.partition === i) &&
      topic.assignments.every((a) => a.brokers.length === 1 && a.brokers[0] === nodeId);
    return valid
      ? null
      : failure(
          name,
          INVALID_REPLICA_ASSIGNMENT,
          `Replica assignment must put partitions 0..n-1 on broker ${nodeId} only.`,
        );
  }
  if (topic.numPartitions === 0 || topic.numPartitions < -1)
    return failure(
      name,
      ErrorCode.INVALID_PARTITIONS,
      'Number of partitions must be larger than 0.',
    );
  if (topic.replicationFactor > 1)
    return failure(
      name,
      ErrorCode.INVALID_REPLICATION_FACTOR,
      `Replication factor: ${topic.replicationFactor} larger than available brokers: 1.`,
    );
  if (topic.replicationFactor === 0 || topic.replicationFactor < -1)
    return failure(
      name,
      ErrorCode.INVALID_REPLICATION_FACTOR,
      'Replication factor must be larger than 0.',
    );
  return null;
}

function partitionCount(broker: BrokerState, topic: CreatableTopic): number {
  return topic.numPartitions === -1 ? broker.topicDefaults.defaultPartitions : topic.numPartitions;
}

function failure(name: string, error: number, message: string): CreationResult {
  return { name, error, message };
}
