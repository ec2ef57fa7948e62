import type { BrokerState } from '../broker-state';
import type { GroupDescription } from '../group/group-messages';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/** DescribeGroups 0-2. An unknown group is reported as Dead without an error, as Kafka does. */
export const describeGroupsApi: ApiDefinition = {
  key: ApiKey.DescribeGroups,
  name: 'DescribeGroups',
  minVersion: 0,
  maxVersion: 2,
  handle(body, { version, broker }) {
    const groupIds = body.array((r) => r.string());
    const descriptions = groupIds.map((groupId) => ({ groupId, ...describe(broker, groupId) }));
    return (writer) => {
      writeThrottle(writer, version, 1);
      writer.array(descriptions, (w, group) => {
        w.int16(ErrorCode.NONE)
          .string(group.groupId)
          .string(group.state)
          .string(group.protocolType)
          .string(group.protocolName);
        w.array(group.members, (mw, m) => {
          mw.string(m.memberId)
            .string(m.clientId)
            .string(m.clientHost)
            .bytes(m.metadata)
            .bytes(m.assignment);
        });
      });
    };
  },
};

function describe(broker: BrokerState, groupId: string): GroupDescription {
  const group = broker.groups.find(groupId);
  if (group) return group.describe();
  const state = broker.groups.exists(groupId) ? 'Empty' : 'Dead';
  return {
    state,
    protocolType: broker.groups.exists(groupId) ? 'consumer' : '',
    protocolName: '',
    members: [],
  };
}
