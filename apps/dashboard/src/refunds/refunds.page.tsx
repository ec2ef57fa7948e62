import type { ApiClient } from '../api/api-client';
import type { Refund } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useList } from '../ui/use-list';

export function RefundsPage({ api }: { api: ApiClient }) {
  const { data, error } = useList<Refund>(api, '/v1/refunds');
  return (
    <section>
      <h1>Refunds</h1>
      <ErrorMessage error={error} />
      <DataTable
        label="Refunds"
        rows={data}
        rowKey={(r) => r.id}
        empty="No refunds yet."
        columns={[
          { title: 'Id', cell: (r) => r.id },
          {
            title: 'Payment',
            cell: (r) => <a href={href('payments', r.payment_id)}>{r.payment_id}</a>,
          },
          {
            title: 'Amount',
            cell: (r) => <Amount value={r.amount} currency={r.currency} />,
            numeric: true,
          },
          { title: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          { title: 'Created', cell: (r) => formatTime(r.created_at) },
        ]}
      />
    </section>
  );
}
