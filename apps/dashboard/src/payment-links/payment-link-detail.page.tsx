import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import type { PaymentLink } from '../api/entities';
import { EventTimeline } from '../history/event-timeline';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useApi } from '../ui/use-api';
import { CopyLink } from './copy-link';

/** One link: what it asks for and what was paid, its page, its payments and its timeline; a link nobody paid yet can be cancelled. */
export function PaymentLinkDetailPage({ api, id }: { api: ApiClient; id: string }) {
  const [version, setVersion] = useState(0);
  const { data, error } = useApi(
    () => api.get<PaymentLink>(`/v1/payment_links/${encodeURIComponent(id)}`),
    [api, id, version],
  );
  const action = useAction(() => setVersion((v) => v + 1));
  const cancel = () => action.run(() => api.post(`/v1/payment_links/${id}/cancel`));
  return (
    <section>
      <h1>Payment link {id}</h1>
      <ErrorMessage error={error ?? action.error} />
      {data && (
        <>
          <dl class="facts" aria-label="Payment link">
            <dt>Amount</dt>
            <dd>
              <Amount value={data.amount} currency={data.currency} />
            </dd>
            <dt>Paid</dt>
            <dd>
              <Amount value={data.amount_paid} currency={data.currency} />
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={data.status} />
            </dd>
            <dt>Description</dt>
            <dd>{data.description ?? '—'}</dd>
            <dt>Reference</dt>
            <dd>{data.reference_id || '—'}</dd>
            <dt>Order</dt>
            <dd>
              <a href={href('orders', data.order_id)}>{data.order_id}</a>
            </dd>
            <dt>Link</dt>
            <dd>
              <a href={data.short_url} target="_blank" rel="noreferrer">
                {data.short_url}
              </a>{' '}
              <CopyLink url={data.short_url} />
            </dd>
            <dt>Expires</dt>
            <dd>{formatTime(data.expire_by)}</dd>
            <dt>Created</dt>
            <dd>{formatTime(data.created_at)}</dd>
          </dl>
          {data.status === 'created' && (
            <button type="button" class="secondary" disabled={action.busy} onClick={cancel}>
              Cancel link
            </button>
          )}
          <h2>Payments</h2>
          <DataTable
            label="Payments of the link"
            rows={data.payments ?? []}
            rowKey={(p) => p.payment_id}
            empty="Nothing paid yet."
            columns={[
              {
                title: 'Id',
                cell: (p) => <a href={href('payments', p.payment_id)}>{p.payment_id}</a>,
              },
              {
                title: 'Amount',
                cell: (p) => <Amount value={p.amount} currency={data.currency} />,
                numeric: true,
              },
              { title: 'Method', cell: (p) => p.method },
              { title: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
              { title: 'Paid', cell: (p) => formatTime(p.created_at) },
            ]}
          />
          <EventTimeline api={api} id={data.id} version={version} />
        </>
      )}
    </section>
  );
}
