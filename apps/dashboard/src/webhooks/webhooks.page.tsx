import type { ApiClient } from '../api/api-client';
import type { Webhook } from '../api/entities';
import { href } from '../routing/hash-route';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useList } from '../ui/use-list';
import { WebhookForm } from './webhook-form';

/** The API answers a webhook's events as a list or as `{event: true}`: both read as names. */
export function eventNames(events: Webhook['events']): string[] {
  return Array.isArray(events)
    ? events
    : Object.entries(events)
        .filter(([, on]) => on)
        .map(([name]) => name);
}

export function WebhooksPage({ api }: { api: ApiClient }) {
  const { data, error, reload } = useList<Webhook>(api, '/v1/webhooks');
  return (
    <section>
      <h1>Webhooks</h1>
      <ErrorMessage error={error} />
      <DataTable
        label="Webhooks"
        rows={data}
        rowKey={(w) => w.id}
        empty="No webhooks yet."
        columns={[
          { title: 'Id', cell: (w) => <a href={href('webhooks', w.id)}>{w.id}</a> },
          { title: 'URL', cell: (w) => w.url },
          { title: 'Events', cell: (w) => eventNames(w.events).join(', ') },
          {
            title: 'State',
            cell: (w) => <StatusBadge status={w.active ? 'active' : 'disabled'} />,
          },
          { title: 'Created', cell: (w) => formatTime(w.created_at) },
        ]}
      />
      <WebhookForm api={api} onCreated={reload} />
    </section>
  );
}
