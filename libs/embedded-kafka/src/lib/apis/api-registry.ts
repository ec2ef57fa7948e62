import type { ApiDefinition } from './api';
import { apiVersionsApi } from './api-versions.api';
import { createTopicsApi } from './create-topics.api';
import { deleteGroupsApi } from './delete-groups.api';
import { deleteTopicsApi } from './delete-topics.api';
import { describeGroupsApi } from './describe-groups.api';
import { fetchApi } from './fetch.api';
import { findCoordinatorApi } from './find-coordinator.api';
import { heartbeatApi } from './heartbeat.api';
import { initProducerIdApi } from './init-producer-id.api';
import { joinGroupApi } from './join-group.api';
import { leaveGroupApi } from './leave-group.api';
import { listGroupsApi } from './list-groups.api';
import { listOffsetsApi } from './list-offsets.api';
import { metadataApi } from './metadata.api';
import { offsetCommitApi } from './offset-commit.api';
import { offsetFetchApi } from './offset-fetch.api';
import { produceApi } from './produce.api';
import { saslAuthenticateApi } from './sasl-authenticate.api';
import { saslHandshakeApi } from './sasl-handshake.api';
import { syncGroupApi } from './sync-group.api';

/** Every API the broker implements; ApiVersions answers with exactly this list. */
export const API_REGISTRY: readonly ApiDefinition[] = (() => {
  const apis: ApiDefinition[] = [
    produceApi,
    fetchApi,
    listOffsetsApi,
    metadataApi,
    offsetCommitApi,
    offsetFetchApi,
    findCoordinatorApi,
    joinGroupApi,
    heartbeatApi,
    leaveGroupApi,
    syncGroupApi,
    describeGroupsApi,
    listGroupsApi,
    createTopicsApi,
    deleteTopicsApi,
    initProducerIdApi,
    deleteGroupsApi,
    saslHandshakeApi,
    saslAuthenticateApi,
  ];
  apis.push(apiVersionsApi(() => apis));
  return apis.sort((a, b) => a.key - b.key);
})();

const BY_KEY = new Map(API_REGISTRY.map((api) => [api.key as number, api]));

export function findApi(key: number): ApiDefinition | undefined {
  return BY_KEY.get(key);
}
