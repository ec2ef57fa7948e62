import type { ApiClient } from '../api/api-client';
import type { Subscription } from '../api/entities';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useList } from '../ui/use-list';

type Verb = 'pause' | 'resume' | 'cancel';

/** What each status allows (the API refuses the rest, and the page would show its words). */
const VERBS: Record<string, Verb[]> = {
  active: ['pause', 'cancel'],
  authenticated: ['cancel'],
  pending: ['cancel'],
  halted: ['cancel'],
  paused: ['resume', 'cancel'],
  created: ['cancel'],
};

/** Subscriptions with their cycles (paid of total, the current one, the next charge); pause, resume, cancel. */
export function SubscriptionsPage({ api }: { api: ApiClient }) {
  const { data, error, reload } = useList<Subscription>(api, '/v1/subscriptions');
  const action = useAction(reload);
  const act = (subscription: Subscription, verb: Verb) =>
    action.run(() => api.post(`/v1/subscriptions/${subscription.id}/${verb}`));
  return (
    <section>
      <h1>Subscriptions</h1>
      <ErrorMessage error={error ?? action.error} />
      <DataTable
        label="Subscriptions"
        rows={data}
        rowKey={(s) => s.id}
        empty="No subscriptions yet."
        columns={[
          { title: 'Id', cell: (s) => s.id },
          { title: 'Plan', cell: (s) => s.plan_id },
          { title: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
          {
            title: 'Cycles paid',
            cell: (s) => `${s.paid_count} of ${s.total_count}`,
            numeric: true,
          },
          {
            title: 'Current cycle',
            cell: (s) =>
              s.current_start
                ? `${formatTime(s.current_start)} → ${formatTime(s.current_end)}`
                : '—',
          },
          { title: 'Next charge', cell: (s) => formatTime(s.charge_at) },
          {
            title: '',
            cell: (s) => (
              <div class="inline">
                {(VERBS[s.status] ?? []).map((verb) => (
                  <button
                    key={verb}
                    type="button"
                    class={verb === 'cancel' ? 'secondary' : undefined}
                    disabled={action.busy}
                    onClick={() => act(s, verb)}
                  >
                    {verb[0].toUpperCase() + verb.slice(1)}
                  </button>
                ))}
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
