import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { RouteEntry, ServiceName } from './route-table';

/** Finds the owning service of a method and path (one trailing slash tolerated), or null. */
export class RouteMatcher {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: false });

  constructor(routes: readonly RouteEntry[]) {
    for (const route of routes)
      this.router.on(route.method, route.path, () => undefined, { service: route.service });
  }

  match(method: string, path: string): ServiceName | null {
    if (path.includes('//')) return null; // an empty segment is a missing id, not a parameter
    const found = this.router.find(method as HTTPMethod, path);
    return (found?.store as { service: ServiceName } | undefined)?.service ?? null;
  }
}
