import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/** DeleteTopics 0-1: removes the topic, its log files and the offsets committed for it. */
export const deleteTopicsApi: ApiDefinition = {
  key: ApiKey.DeleteTopics,
  name: 'DeleteTopics',
  minVersion: 0,
  maxVersion: 1,
  handle(body, { version, broker }) {
    const names = body.array((r) => r.string());
    body.int32(); // timeout_ms
    const results = names.map((name) => {
      if (!broker.topics.delete(name)) return { name, error: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION };
      broker.groups.offsets.deleteTopic(name);
      broker.log('info', 'topic deleted', { topic: name });
      return { name, error: ErrorCode.NONE };
    });
    return (writer) => {
      writeThrottle(writer, version, 1);
      writer.array(results, (w, result) => w.string(result.name).int16(result.error));
    };
  },
};
