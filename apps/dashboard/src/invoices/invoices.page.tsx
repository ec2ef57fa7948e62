import type { ApiClient } from '../api/api-client';
import type { Invoice } from '../api/entities';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useAction } from '../ui/use-action';
import { useList } from '../ui/use-list';

/** Invoices: a draft can be issued, an issued one (not paid yet) cancelled. */
export function InvoicesPage({ api }: { api: ApiClient }) {
  const { data, error, reload } = useList<Invoice>(api, '/v1/invoices');
  const action = useAction(reload);
  const act = (invoice: Invoice, verb: 'issue' | 'cancel') =>
    action.run(() => api.post(`/v1/invoices/${invoice.id}/${verb}`));
  return (
    <section>
      <h1>Invoices</h1>
      <ErrorMessage error={error ?? action.error} />
      <DataTable
        label="Invoices"
        rows={data}
        rowKey={(i) => i.id}
        empty="No invoices yet."
        columns={[
          { title: 'Id', cell: (i) => i.id },
          { title: 'Number', cell: (i) => i.invoice_number ?? '—' },
          { title: 'Customer', cell: (i) => i.customer_id ?? '—' },
          {
            title: 'Amount',
            cell: (i) => <Amount value={i.amount} currency={i.currency} />,
            numeric: true,
          },
          {
            title: 'Due',
            cell: (i) => <Amount value={i.amount_due} currency={i.currency} />,
            numeric: true,
          },
          { title: 'Status', cell: (i) => <StatusBadge status={i.status} /> },
          { title: 'Created', cell: (i) => formatTime(i.created_at) },
          {
            title: '',
            cell: (i) => (
              <div class="inline">
                {i.status === 'draft' && (
                  <button type="button" disabled={action.busy} onClick={() => act(i, 'issue')}>
                    Issue
                  </button>
                )}
                {i.status === 'issued' && (
                  <button
                    type="button"
                    class="secondary"
                    disabled={action.busy}
                    onClick={() => act(i, 'cancel')}
                  >
                    Cancel
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
