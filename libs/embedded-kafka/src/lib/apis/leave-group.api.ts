import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/** LeaveGroup 0-3 (v3 leaves several members in one call): the rest of the group rebalances at once. */
export const leaveGroupApi: ApiDefinition = {
  key: ApiKey.LeaveGroup,
  name: 'LeaveGroup',
  minVersion: 0,
  maxVersion: 3,
  handle(body, { version, broker }) {
    const groupId = body.string();
    const leaving =
      version >= 3
        ? body.array((m) => ({ memberId: m.string(), groupInstanceId: m.nullableString() }))
        : [{ memberId: body.string(), groupInstanceId: null }];
    const group = broker.groups.find(groupId);
    const results = leaving.map((member) => ({
      ...member,
      error: group ? group.leave(member.memberId) : ErrorCode.UNKNOWN_MEMBER_ID,
    }));
    return (writer) => {
      writeThrottle(writer, version, 1);
      if (version < 3) {
        writer.int16(results[0].error);
        return;
      }
      writer.int16(ErrorCode.NONE);
      writer.array(results, (w, r) =>
        w.string(r.memberId).string(r.groupInstanceId).int16(r.error),
      );
    };
  },
};
