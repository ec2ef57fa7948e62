import type { OffsetCommitEntry } from '../group/offset-store';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/**
 * OffsetCommit 2-5. The committer must be a member of the current generation (or commit with
 * generation -1 to an empty group). Negative offsets are stored as sent: kafkajs commits -1/-2 to
 * mean "latest"/"earliest" after an out-of-range fetch and resolves them later.
 */
export const offsetCommitApi: ApiDefinition = {
  key: ApiKey.OffsetCommit,
  name: 'OffsetCommit',
  minVersion: 2,
  maxVersion: 5,
  handle(body, { version, broker }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (version <= 4) body.int64(); // retention_time_ms
    const topics = body.array((t) => ({
      name: t.string(),
      partitions: t.array((p) => ({
        partition: p.int32(),
        offset: p.int64(),
        metadata: p.nullableString(),
      })),
    }));
    const known = (topic: string, partition: number): boolean =>
      broker.topics.partition(topic, partition) !== undefined;
    const entries: OffsetCommitEntry[] = topics.flatMap((t) =>
      t.partitions.filter((p) => known(t.name, p.partition)).map((p) => ({ topic: t.name, ...p })),
    );
    const error =
      groupId === ''
        ? ErrorCode.INVALID_GROUP_ID
        : broker.groups.commit(groupId, memberId, generationId, entries);
    if (broker.syncEveryWrite) broker.groups.offsets.sync();
    return (writer) => {
      writeThrottle(writer, version, 3);
      writer.array(topics, (w, topic) => {
        w.string(topic.name).array(topic.partitions, (pw, p) => {
          pw.int32(p.partition).int16(
            known(topic.name, p.partition) ? error : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
          );
        });
      });
    };
  },
};
