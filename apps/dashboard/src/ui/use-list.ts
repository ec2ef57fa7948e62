import type { ApiClient, Collection, Query } from '../api/api-client';
import { PAGE_SIZE } from '../api/api-client';
import type { Loaded } from './use-api';
import { useApi } from './use-api';

/** The newest page of a list endpoint (the API lists newest first); `reload()` after an action. */
export function useList<T>(api: ApiClient, path: string, query: Query = {}): Loaded<T[]> {
  return useApi(
    () => api.get<Collection<T>>(path, { ...query, count: PAGE_SIZE }).then((page) => page.items),
    [api, path, JSON.stringify(query)],
  );
}
