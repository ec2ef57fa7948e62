import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/** Heartbeat 0-3: keeps the member alive; REBALANCE_IN_PROGRESS tells it to re-join. */
export const heartbeatApi: ApiDefinition = {
  key: ApiKey.Heartbeat,
  name: 'Heartbeat',
  minVersion: 0,
  maxVersion: 3,
  handle(body, { version, broker }) {
    const groupId = body.string();
    const generationId = body.int32();
    const memberId = body.string();
    if (version >= 3) body.nullableString(); // group_instance_id
    const error =
      broker.groups.find(groupId)?.heartbeat(memberId, generationId) ?? ErrorCode.UNKNOWN_MEMBER_ID;
    return (writer) => {
      writeThrottle(writer, version, 1);
      writer.int16(error);
    };
  },
};
