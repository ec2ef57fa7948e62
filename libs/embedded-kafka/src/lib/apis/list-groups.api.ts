import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';
import { writeThrottle } from './api';

/** ListGroups 0-2: groups with members or committed offsets. */
export const listGroupsApi: ApiDefinition = {
  key: ApiKey.ListGroups,
  name: 'ListGroups',
  minVersion: 0,
  maxVersion: 2,
  handle(_body, { version, broker }) {
    const groups = broker.groups.list();
    return (writer) => {
      writeThrottle(writer, version, 1);
      writer
        .int16(ErrorCode.NONE)
        .array(groups, (w, g) => w.string(g.groupId).string(g.protocolType));
    };
  },
};
