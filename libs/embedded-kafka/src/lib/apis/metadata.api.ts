import type { BrokerState } from '../broker-state';
import { isValidTopicName } from '../log/topic-name';
import type { Topic } from '../log/topic-store';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition, ResponseBody } from './api';
import { writeThrottle } from './api';

interface TopicMetadata {
  error: ErrorCode;
  name: string;
  partitionCount: number;
}

/** Metadata 1-6. Named topics that do not exist are created when the client allows it. */
export const metadataApi: ApiDefinition = {
  key: ApiKey.Metadata,
  name: 'Metadata',
  minVersion: 1,
  maxVersion: 6,
  handle(body, { version, broker }) {
    const names = body.nullableArray((r) => r.string());
    // Before v4 there is no flag and Kafka allows auto-creation.
    const allowAutoCreate = version >= 4 ? body.bool() : true;
    const topics =
      names === null
        ? broker.topics.names().map((name) => describe(broker.topics.get(name) as Topic))
        : [...new Set(names)].map((name) => lookup(broker, name, allowAutoCreate));
    return respond(broker, topics, version);
  },
};

function lookup(broker: BrokerState, name: string, allowAutoCreate: boolean): TopicMetadata {
  const existing = broker.topics.get(name);
  if (existing) return describe(existing);
  if (!isValidTopicName(name))
    return { error: ErrorCode.INVALID_TOPIC_EXCEPTION, name, partitionCount: 0 };
  if (!allowAutoCreate || !broker.topicDefaults.autoCreateTopics) {
    return { error: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, name, partitionCount: 0 };
  }
  const created = broker.topics.create(name, broker.topicDefaults.defaultPartitions);
  broker.log('info', 'topic auto-created', { topic: name, partitions: created.partitions.length });
  return describe(created);
}

function describe(topic: Topic): TopicMetadata {
  return { error: ErrorCode.NONE, name: topic.name, partitionCount: topic.partitions.length };
}

function respond(broker: BrokerState, topics: TopicMetadata[], version: number): ResponseBody {
  const { nodeId, host, port, clusterId } = broker.identity;
  return (writer) => {
    writeThrottle(writer, version, 3);
    writer.array([nodeId], (w) => {
      w.int32(nodeId).string(host).int32(port).string(null); // rack
    });
    if (version >= 2) writer.string(clusterId);
    writer.int32(nodeId); // controller_id: the only node is the controller
    writer.array(topics, (w, topic) => {
      w.int16(topic.error).string(topic.name).bool(false);
      const partitions = Array.from({ length: topic.partitionCount }, (_, i) => i);
      w.array(partitions, (pw, partition) => {
        pw.int16(ErrorCode.NONE).int32(partition).int32(nodeId);
        pw.array([nodeId], (rw, id) => rw.int32(id)); // replicas
        pw.array([nodeId], (rw, id) => rw.int32(id)); // in-sync replicas
        if (version >= 5) pw.array([], () => undefined); // offline replicas
      });
    });
  };
}
