import type { ApiClient } from '../api/api-client';
import type { Order } from '../api/entities';
import { href, navigate } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { IdSearch } from '../ui/id-search';
import { StatusBadge } from '../ui/status-badge';
import { useList } from '../ui/use-list';

export function OrdersPage({ api }: { api: ApiClient }) {
  const { data, error } = useList<Order>(api, '/v1/orders');
  return (
    <section>
      <h1>Orders</h1>
      <IdSearch label="Order id" placeholder="order_…" onSearch={(id) => navigate('orders', id)} />
      <ErrorMessage error={error} />
      <DataTable
        label="Orders"
        rows={data}
        rowKey={(o) => o.id}
        empty="No orders yet."
        columns={[
          { title: 'Id', cell: (o) => <a href={href('orders', o.id)}>{o.id}</a> },
          {
            title: 'Amount',
            cell: (o) => <Amount value={o.amount} currency={o.currency} />,
            numeric: true,
          },
          {
            title: 'Paid',
            cell: (o) => <Amount value={o.amount_paid} currency={o.currency} />,
            numeric: true,
          },
          { title: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
          { title: 'Receipt', cell: (o) => o.receipt ?? '—' },
          { title: 'Attempts', cell: (o) => o.attempts, numeric: true },
          { title: 'Created', cell: (o) => formatTime(o.created_at) },
        ]}
      />
    </section>
  );
}
