import type { JoinRequest, JoinResult } from '../group/group-messages';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition, ResponseBody } from './api';
import { writeThrottle } from './api';

/**
 * JoinGroup 0-5. The answer waits until the group's generation forms (every member re-joined, or the
 * rebalance timeout passed). v4+ hands a new member its id first with MEMBER_ID_REQUIRED, as Kafka does.
 */
export const joinGroupApi: ApiDefinition = {
  key: ApiKey.JoinGroup,
  name: 'JoinGroup',
  minVersion: 0,
  maxVersion: 5,
  handle(body, { version, broker, clientId, clientHost, signal }) {
    const groupId = body.string();
    const sessionTimeoutMs = body.int32();
    const rebalanceTimeoutMs = version >= 1 ? body.int32() : sessionTimeoutMs;
    const memberId = body.string();
    const groupInstanceId = version >= 5 ? body.nullableString() : null;
    const protocolType = body.string();
    const protocols = body.array((p) => ({ name: p.string(), metadata: p.bytes() }));
    if (groupId === '') return respond(version, failure(ErrorCode.INVALID_GROUP_ID, memberId));
    if (!broker.groups.isValidSessionTimeout(sessionTimeoutMs))
      return respond(version, failure(ErrorCode.INVALID_SESSION_TIMEOUT, memberId));
    const request: JoinRequest = {
      memberId,
      groupInstanceId,
      clientId: clientId ?? '',
      clientHost,
      sessionTimeoutMs,
      rebalanceTimeoutMs,
      protocolType,
      protocols,
      requiresKnownMemberId: version >= 4,
    };
    return new Promise((resolve) => {
      broker.groups
        .findOrCreate(groupId)
        .join(request, (result) => resolve(respond(version, result)), signal);
    });
  },
};

function failure(error: ErrorCode, memberId: string): JoinResult {
  return { error, generationId: -1, protocolName: null, leader: '', memberId, members: [] };
}

function respond(version: number, result: JoinResult): ResponseBody {
  return (writer) => {
    writeThrottle(writer, version, 2);
    writer
      .int16(result.error)
      .int32(result.generationId)
      .string(result.protocolName ?? '');
    writer.string(result.leader).string(result.memberId);
    writer.array(result.members, (w, member) => {
      w.string(member.memberId);
      if (version >= 5) w.string(member.groupInstanceId);
      w.bytes(member.metadata);
    });
  };
}
