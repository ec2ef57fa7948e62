import type { SyncResult } from '../group/group-messages';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition, ResponseBody } from './api';
import { writeThrottle } from './api';

/** SyncGroup 0-3: the leader hands out assignments; followers wait for theirs. */
export const syncGroupApi: ApiDefinition = {
  key: ApiKey.SyncGroup,
  name: 'SyncGroup',
  minVersion: 0,
  maxVersion: 3,
  handle(body, { version, broker, signal }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (version >= 3) body.nullableString(); // group_instance_id
    const assignments = body.array((a) => ({ memberId: a.string(), assignment: a.bytes() }));
    const group = broker.groups.find(groupId);
    if (!group)
      return respond(version, { error: ErrorCode.UNKNOWN_MEMBER_ID, assignment: Buffer.alloc(0) });
    return new Promise((resolve) => {
      group.sync(
        { generationId, memberId, assignments },
        (result) => resolve(respond(version, result)),
        signal,
      );
    });
  },
};

function respond(version: number, result: SyncResult): ResponseBody {
  return (writer) => {
    writeThrottle(writer, version, 1);
    writer.int16(result.error).bytes(result.assignment);
  };
}
