import { useState } from 'preact/hooks';
import type { ApiClient, Collection } from '../api/api-client';
import type { Card, Payment, Refund } from '../api/entities';
import { EventTimeline } from '../history/event-timeline';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useApi } from '../ui/use-api';
import { PaymentActions } from './payment-actions';

interface PaymentView {
  payment: Payment;
  card: Card | null;
  refunds: Refund[];
}

async function paymentView(api: ApiClient, id: string): Promise<PaymentView> {
  const payment = await api.get<Payment>(`/v1/payments/${encodeURIComponent(id)}`);
  const [card, refunds] = await Promise.all([
    payment.method === 'card' ? api.get<Card>(`/v1/payments/${payment.id}/card`) : null,
    api.get<Collection<Refund>>(`/v1/payments/${payment.id}/refunds`, { count: 100 }),
  ]);
  return { payment, card, refunds: refunds.items };
}

export function PaymentDetailPage({ api, id }: { api: ApiClient; id: string }) {
  const [version, setVersion] = useState(0);
  const { data, error } = useApi(() => paymentView(api, id), [api, id, version]);
  return (
    <section>
      <h1>Payment {id}</h1>
      <ErrorMessage error={error} />
      {data && (
        <>
          <PaymentSummary payment={data.payment} />
          {data.card && <CardDetails card={data.card} />}
          <PaymentActions
            api={api}
            payment={data.payment}
            onChanged={() => setVersion((value) => value + 1)}
          />
          <h2>Refunds</h2>
          <DataTable
            label="Refunds"
            rows={data.refunds}
            rowKey={(r) => r.id}
            empty="No refunds."
            columns={[
              { title: 'Id', cell: (r) => r.id },
              {
                title: 'Amount',
                cell: (r) => <Amount value={r.amount} currency={r.currency} />,
                numeric: true,
              },
              { title: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
              { title: 'Created', cell: (r) => formatTime(r.created_at) },
            ]}
          />
          <EventTimeline api={api} id={data.payment.id} version={version} />
        </>
      )}
    </section>
  );
}

function PaymentSummary({ payment }: { payment: Payment }) {
  return (
    <dl class="facts" aria-label="Payment">
      <dt>Amount</dt>
      <dd data-testid="payment-amount">
        <Amount value={payment.amount} currency={payment.currency} />
      </dd>
      <dt>Status</dt>
      <dd data-testid="payment-status">
        <StatusBadge status={payment.status} />
      </dd>
      <dt>Refunded</dt>
      <dd data-testid="payment-refunded">
        <Amount value={payment.amount_refunded} currency={payment.currency} />
      </dd>
      <dt>Method</dt>
      <dd>{payment.vpa ?? payment.bank ?? payment.wallet ?? payment.method}</dd>
      <dt>Order</dt>
      <dd>{payment.order_id ?? '—'}</dd>
      <dt>Customer</dt>
      <dd>{[payment.email, payment.contact].filter(Boolean).join(' · ') || '—'}</dd>
      <dt>Fee (tax)</dt>
      <dd>
        {payment.fee === null ? '—' : <Amount value={payment.fee} currency={payment.currency} />}
        {payment.tax === null ? (
          ''
        ) : (
          <>
            {' '}
            (<Amount value={payment.tax} currency={payment.currency} />)
          </>
        )}
      </dd>
      <dt>Created</dt>
      <dd>{formatTime(payment.created_at)}</dd>
      {payment.error_description && (
        <>
          <dt>Declined</dt>
          <dd>{payment.error_description}</dd>
        </>
      )}
    </dl>
  );
}

/** What the API shows of a card, and nothing more: never a number or an expiry. */
function CardDetails({ card }: { card: Card }) {
  return (
    <dl class="facts" aria-label="Card">
      <dt>Card</dt>
      <dd data-testid="card">
        {card.network} {card.type} •••• {card.last4}
      </dd>
      <dt>Name</dt>
      <dd>{card.name ?? '—'}</dd>
      <dt>Issuer</dt>
      <dd>
        {card.issuer ?? '—'}
        {card.international ? ' (international)' : ''}
      </dd>
    </dl>
  );
}
