import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/**
 * OffsetFetch 1-4. Every requested partition is answered (offset -1 when nothing is committed, which
 * is not an error); a null topic list (v2+) means every partition the group has committed.
 */
export const offsetFetchApi: ApiDefinition = {
  key: ApiKey.OffsetFetch,
  name: 'OffsetFetch',
  minVersion: 1,
  maxVersion: 4,
  handle(body, { version, broker }) {
    const groupId = body.string();
    const requested = body.nullableArray((t) => ({
      name: t.string(),
      partitions: t.array((p) => p.int32()),
    }));
    const { offsets } = broker.groups;
    const topics =
      requested ??
      groupByTopic(offsets.allOf(groupId).map(({ topic, partition }) => ({ topic, partition })));
    return (writer) => {
      writeThrottle(writer, version, 3);
      writer.array(topics, (w, topic) => {
        w.string(topic.name).array(topic.partitions, (pw, partition) => {
          const committed = offsets.fetch(groupId, topic.name, partition);
          pw.int32(partition)
            .int64(committed?.offset ?? -1)
            .string(committed?.metadata ?? '')
            .int16(ErrorCode.NONE);
        });
      });
      if (version >= 2) writer.int16(ErrorCode.NONE);
    };
  },
};

function groupByTopic(
  entries: { topic: string; partition: number }[],
): { name: string; partitions: number[] }[] {
  const byTopic = new Map<string, number[]>();
  for (const { topic, partition } of entries)
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), partition]);
  return [...byTopic].map(([name, partitions]) => ({ name, partitions }));
}
