import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import { PAGE_SIZE } from '../api/api-client';
import type { PaymentLink, PaymentLinkList } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import type { Column } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useApi } from '../ui/use-api';
import { CopyLink } from './copy-link';
import { PaymentLinkForm } from './payment-link-form';

const STATUSES = ['created', 'partially_paid', 'paid', 'cancelled', 'expired'];

const COLUMNS: Column<PaymentLink>[] = [
  { title: 'Id', cell: (l) => <a href={href('payment-links', l.id)}>{l.id}</a> },
  {
    title: 'Amount',
    cell: (l) => <Amount value={l.amount} currency={l.currency} />,
    numeric: true,
  },
  {
    title: 'Paid',
    cell: (l) => <Amount value={l.amount_paid} currency={l.currency} />,
    numeric: true,
  },
  { title: 'Status', cell: (l) => <StatusBadge status={l.status} /> },
  { title: 'Reference', cell: (l) => l.reference_id || '—' },
  { title: 'Description', cell: (l) => l.description ?? '—' },
  { title: 'Created', cell: (l) => formatTime(l.created_at) },
  { title: '', cell: (l) => <CopyLink url={l.short_url} /> },
];

/**
 * Payment links, newest first: found by reference id or by a payment made on one (the API's
 * filters), narrowed to one status here; a new one is created with the form.
 */
export function PaymentLinksPage({ api }: { api: ApiClient }) {
  const [status, setStatus] = useState('');
  const [reference, setReference] = useState('');
  const [paymentId, setPaymentId] = useState('');
  const { data, error, reload } = useApi(
    () =>
      api.get<PaymentLinkList>('/v1/payment_links', {
        count: PAGE_SIZE,
        reference_id: reference.trim() || undefined,
        payment_id: paymentId.trim() || undefined,
      }),
    [api, reference, paymentId],
  );
  const rows = data?.payment_links.filter((link) => !status || link.status === status);
  return (
    <section>
      <h1>Payment links</h1>
      <PaymentLinkForm api={api} onCreated={reload} />
      <div class="filters">
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.currentTarget.value)}>
            <option value="">all</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reference id
          <input value={reference} onChange={(e) => setReference(e.currentTarget.value)} />
        </label>
        <label>
          Payment id
          <input
            value={paymentId}
            placeholder="pay_…"
            onChange={(e) => setPaymentId(e.currentTarget.value)}
          />
        </label>
      </div>
      <ErrorMessage error={error} />
      <DataTable
        label="Payment links"
        columns={COLUMNS}
        rows={rows}
        rowKey={(l) => l.id}
        empty="No payment links match."
      />
    </section>
  );
}
