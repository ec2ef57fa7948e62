import type { ApiClient } from '../api/api-client';
import type { QrCode } from '../api/entities';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useList } from '../ui/use-list';

/** QR codes with their image (the gateway's public `/qr/<id>.png`, same origin); an active one can be closed. */
export function QrCodesPage({ api }: { api: ApiClient }) {
  const { data, error, reload } = useList<QrCode>(api, '/v1/payments/qr_codes');
  const action = useAction(reload);
  const close = (code: QrCode) =>
    action.run(() => api.post(`/v1/payments/qr_codes/${code.id}/close`));
  return (
    <section>
      <h1>QR codes</h1>
      <ErrorMessage error={error ?? action.error} />
      <DataTable
        label="QR codes"
        rows={data}
        rowKey={(q) => q.id}
        empty="No QR codes yet."
        columns={[
          {
            title: 'Image',
            cell: (q) => <img class="qr" src={`/qr/${q.id}.png`} alt={`QR code ${q.id}`} />,
          },
          { title: 'Id', cell: (q) => q.id },
          { title: 'Name', cell: (q) => q.name ?? '—' },
          { title: 'Usage', cell: (q) => q.usage.replace(/_/g, ' ') },
          {
            title: 'Received',
            cell: (q) => (
              <>
                <Amount value={q.payments_amount_received} /> ({q.payments_count_received})
              </>
            ),
            numeric: true,
          },
          { title: 'Status', cell: (q) => <StatusBadge status={q.status} /> },
          { title: 'Created', cell: (q) => formatTime(q.created_at) },
          {
            title: '',
            cell: (q) =>
              q.status === 'active' && (
                <button
                  type="button"
                  class="secondary"
                  disabled={action.busy}
                  onClick={() => close(q)}
                >
                  Close
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
