import type { ApiClient } from '../api/api-client';
import type { Dispute } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useList } from '../ui/use-list';
import { ContestForm } from './contest-form';

/** Disputes; an open one can be accepted (the amount is lost) or contested with evidence. */
export function DisputesPage({ api }: { api: ApiClient }) {
  const { data, error, reload } = useList<Dispute>(api, '/v1/disputes');
  const action = useAction(reload);
  const accept = (dispute: Dispute) =>
    action.run(() => api.post(`/v1/disputes/${dispute.id}/accept`));
  return (
    <section>
      <h1>Disputes</h1>
      <ErrorMessage error={error ?? action.error} />
      <DataTable
        label="Disputes"
        rows={data}
        rowKey={(d) => d.id}
        empty="No disputes."
        columns={[
          { title: 'Id', cell: (d) => d.id },
          {
            title: 'Payment',
            cell: (d) => <a href={href('payments', d.payment_id)}>{d.payment_id}</a>,
          },
          {
            title: 'Amount',
            cell: (d) => <Amount value={d.amount} currency={d.currency} />,
            numeric: true,
          },
          { title: 'Reason', cell: (d) => d.reason_code },
          { title: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
          { title: 'Respond by', cell: (d) => formatTime(d.respond_by) },
          {
            title: 'Response',
            cell: (d) =>
              d.status === 'open' ? (
                <div class="inline">
                  <button
                    type="button"
                    class="secondary"
                    disabled={action.busy}
                    onClick={() => accept(d)}
                  >
                    Accept
                  </button>
                  <ContestForm api={api} dispute={d} action={action} />
                </div>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
