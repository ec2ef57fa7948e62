import type { ApiClient, Collection } from '../api/api-client';
import type { EntityEvent } from '../api/entities';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { useApi } from '../ui/use-api';

/**
 * An entity's whole story, oldest first, from the event store (`GET /v1/events?entity_id=`): what
 * changed, when, and the request that changed it. `version` reloads it after an action.
 */
export function EventTimeline({
  api,
  id,
  version,
}: {
  api: ApiClient;
  id: string;
  version: number;
}) {
  const { data, error } = useApi(
    () => api.get<Collection<EntityEvent>>('/v1/events', { entity_id: id, count: 100 }),
    [api, id, version],
  );
  return (
    <section aria-label="Timeline">
      <h2>Timeline</h2>
      <ErrorMessage error={error} />
      {data && (
        <ol class="timeline">
          {data.items.map((event) => (
            <li key={event.id} data-event-type={event.type}>
              <span class="timeline-time">{formatTime(event.occurred_at)}</span>
              <strong class="timeline-type">{event.type}</strong>
              <span class="muted">
                v{event.version}
                {event.correlation_id ? ` · request ${event.correlation_id}` : ''}
              </span>
              <details>
                <summary>change</summary>
                <pre>{JSON.stringify(event.data, null, 2)}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
