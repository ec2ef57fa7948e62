import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import type { Payment } from '../api/entities';
import { href, navigate } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import type { Column } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime, startOfDay } from '../ui/format';
import { IdSearch } from '../ui/id-search';
import { StatusBadge } from '../ui/status-badge';
import { useApi } from '../ui/use-api';

const STATUSES = ['created', 'authorized', 'captured', 'refunded', 'failed'];
const DAY_SECONDS = 86_400;

const COLUMNS: Column<Payment>[] = [
  { title: 'Id', cell: (p) => <a href={href('payments', p.id)}>{p.id}</a> },
  {
    title: 'Amount',
    cell: (p) => <Amount value={p.amount} currency={p.currency} />,
    numeric: true,
  },
  { title: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { title: 'Method', cell: (p) => p.method },
  { title: 'Customer', cell: (p) => p.email ?? p.contact ?? '—' },
  { title: 'Created', cell: (p) => formatTime(p.created_at) },
];

/** Payments between two dates (the API's from/to, every page), narrowed to one status here. */
export function PaymentsPage({ api }: { api: ApiClient }) {
  const [status, setStatus] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const to = startOfDay(toDate);
  const { data, error } = useApi(
    () =>
      api.everyItem<Payment>('/v1/payments', {
        from: startOfDay(fromDate),
        to: to === undefined ? undefined : to + DAY_SECONDS - 1,
      }),
    [api, fromDate, toDate],
  );
  const rows = data?.filter((payment) => !status || payment.status === status);
  return (
    <section>
      <h1>Payments</h1>
      <IdSearch
        label="Payment id"
        placeholder="pay_…"
        onSearch={(id) => navigate('payments', id)}
      />
      <div class="filters">
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.currentTarget.value)}>
            <option value="">all</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input
            type="date"
            value={fromDate}
            onChange={(e) => setFromDate(e.currentTarget.value)}
          />
        </label>
        <label>
          To
          <input type="date" value={toDate} onChange={(e) => setToDate(e.currentTarget.value)} />
        </label>
      </div>
      <ErrorMessage error={error} />
      <DataTable
        label="Payments"
        columns={COLUMNS}
        rows={rows}
        rowKey={(p) => p.id}
        empty="No payments match."
      />
    </section>
  );
}
