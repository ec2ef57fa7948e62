import type { ApiClient, Collection } from '../api/api-client';
import type { Webhook, WebhookDelivery } from '../api/entities';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useApi } from '../ui/use-api';
import { eventNames } from './webhooks.page';

async function webhookView(api: ApiClient, id: string) {
  const webhook = await api.get<Webhook>(`/v1/webhooks/${encodeURIComponent(id)}`);
  const deliveries = await api.get<Collection<WebhookDelivery>>(
    `/v1/webhooks/${webhook.id}/deliveries`,
    {
      count: 100,
    },
  );
  return { webhook, deliveries: deliveries.items };
}

/** A webhook's deliveries, each with its attempts; one that failed can be sent again now. */
export function WebhookDetailPage({ api, id }: { api: ApiClient; id: string }) {
  const { data, error, reload } = useApi(() => webhookView(api, id), [api, id]);
  const action = useAction(reload);
  const retry = (delivery: WebhookDelivery) =>
    action.run(() => api.post(`/v1/webhooks/${id}/deliveries/${delivery.id}/retry`));
  return (
    <section>
      <h1>Webhook {id}</h1>
      <ErrorMessage error={error ?? action.error} />
      {data && (
        <>
          <p>
            {data.webhook.url} · {eventNames(data.webhook.events).join(', ')}
          </p>
          <DataTable
            label="Deliveries"
            rows={data.deliveries}
            rowKey={(d) => d.id}
            empty="Nothing delivered yet."
            columns={[
              { title: 'Event', cell: (d) => `${d.event} (${d.event_id})` },
              { title: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
              { title: 'Attempts', cell: (d) => <Attempts delivery={d} /> },
              { title: 'Next attempt', cell: (d) => formatTime(d.next_attempt_at) },
              {
                title: '',
                cell: (d) =>
                  d.status !== 'delivered' && (
                    <button type="button" disabled={action.busy} onClick={() => retry(d)}>
                      Retry
                    </button>
                  ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <ol class="attempts">
      {delivery.attempts.map((attempt) => (
        <li key={attempt.attempt}>
          {formatTime(attempt.attempted_at)}: {attempt.status_code ?? attempt.error ?? 'no answer'}
          {attempt.latency_ms === null ? '' : ` in ${attempt.latency_ms} ms`}
        </li>
      ))}
    </ol>
  );
}
