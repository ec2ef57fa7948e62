import type { ApiClient, Collection } from '../api/api-client';
import type { Order, Payment } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useApi } from '../ui/use-api';

async function orderView(api: ApiClient, id: string) {
  const order = await api.get<Order>(`/v1/orders/${encodeURIComponent(id)}`);
  const payments = await api.get<Collection<Payment>>(`/v1/orders/${order.id}/payments`);
  return { order, payments: payments.items };
}

export function OrderDetailPage({ api, id }: { api: ApiClient; id: string }) {
  const { data, error } = useApi(() => orderView(api, id), [api, id]);
  return (
    <section>
      <h1>Order {id}</h1>
      <ErrorMessage error={error} />
      {data && (
        <>
          <dl class="facts" aria-label="Order">
            <dt>Amount</dt>
            <dd>
              <Amount value={data.order.amount} currency={data.order.currency} />
            </dd>
            <dt>Due</dt>
            <dd>
              <Amount value={data.order.amount_due} currency={data.order.currency} />
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={data.order.status} />
            </dd>
            <dt>Created</dt>
            <dd>{formatTime(data.order.created_at)}</dd>
          </dl>
          <h2>Payments</h2>
          <DataTable
            label="Payments of the order"
            rows={data.payments}
            rowKey={(p) => p.id}
            empty="No payment attempts yet."
            columns={[
              { title: 'Id', cell: (p) => <a href={href('payments', p.id)}>{p.id}</a> },
              {
                title: 'Amount',
                cell: (p) => <Amount value={p.amount} currency={p.currency} />,
                numeric: true,
              },
              { title: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
            ]}
          />
        </>
      )}
    </section>
  );
}
