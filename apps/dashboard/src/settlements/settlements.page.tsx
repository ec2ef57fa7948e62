import type { ApiClient } from '../api/api-client';
import type { Settlement } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useList } from '../ui/use-list';

export function SettlementsPage({ api }: { api: ApiClient }) {
  const { data, error } = useList<Settlement>(api, '/v1/settlements');
  return (
    <section>
      <h1>Settlements</h1>
      <ErrorMessage error={error} />
      <DataTable
        label="Settlements"
        rows={data}
        rowKey={(s) => s.id}
        empty="No settlements yet: captured payments are settled after the account's settlement delay."
        columns={[
          { title: 'Id', cell: (s) => <a href={href('settlements', s.id)}>{s.id}</a> },
          { title: 'Amount', cell: (s) => <Amount value={s.amount} />, numeric: true },
          { title: 'Fees', cell: (s) => <Amount value={s.fees} />, numeric: true },
          { title: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
          { title: 'UTR', cell: (s) => s.utr ?? '—' },
          { title: 'Created', cell: (s) => formatTime(s.created_at) },
        ]}
      />
    </section>
  );
}
