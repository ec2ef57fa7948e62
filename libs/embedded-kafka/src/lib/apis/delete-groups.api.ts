import { ApiKey } from '../protocol/api-keys';
import type { ApiDefinition } from './api';

/** DeleteGroups 0-1: only groups without members; removes their committed offsets. */
export const deleteGroupsApi: ApiDefinition = {
  key: ApiKey.DeleteGroups,
  name: 'DeleteGroups',
  minVersion: 0,
  maxVersion: 1,
  handle(body, { broker }) {
    const results = body
      .array((r) => r.string())
      .map((groupId) => ({ groupId, error: broker.groups.delete(groupId) }));
    return (writer) => {
      writer.int32(0).array(results, (w, r) => w.string(r.groupId).int16(r.error));
    };
  },
};
