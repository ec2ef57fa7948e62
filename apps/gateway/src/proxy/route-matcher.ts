import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { RouteEntry, ServiceName } from './route-table';

/** Finds the owning service of a method and path (one trailing slash tolerated), or null. */
export class RouteMatcher {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: false });

  constructor(routes: readonly RouteEntry[]) {
    for (const route of routes)
      this.router.on(route.method, route.path, () => undefined, {
        service: route.service,
        pattern: route.path,
        ownerOf: route.ownerOf,
      });
  }

  match(method: string, path: string, query: Record<string, unknown> = {}): ServiceName | null {
    return this.route(method, path, query)?.service ?? null;
  }

  /**
   * The owning service and the route's pattern (`/v1/payments/:id/capture`), or null. The query
   * names the owner of routes every service serves for its own entities (`/v1/events?entity_id=`).
   */
  route(
    method: string,
    path: string,
    query: Record<string, unknown> = {},
  ): { service: ServiceName; pattern: string } | null {
    if (path.includes('//')) return null; // an empty segment is a missing id, not a parameter
    const found = this.router.find(method as HTTPMethod, path)?.store as
      (Pick<RouteEntry, 'service' | 'ownerOf'> & { pattern: string }) | undefined;
    if (!found) return null;
    return { service: found.ownerOf?.(query) ?? found.service, pattern: found.pattern };
  }
}
