import type { ApiClient } from '../api/api-client';
import type { Customer } from '../api/entities';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { useList } from '../ui/use-list';

export function CustomersPage({ api }: { api: ApiClient }) {
  const { data, error } = useList<Customer>(api, '/v1/customers');
  return (
    <section>
      <h1>Customers</h1>
      <ErrorMessage error={error} />
      <DataTable
        label="Customers"
        rows={data}
        rowKey={(c) => c.id}
        empty="No customers yet."
        columns={[
          { title: 'Id', cell: (c) => c.id },
          { title: 'Name', cell: (c) => c.name ?? '—' },
          { title: 'Email', cell: (c) => c.email ?? '—' },
          { title: 'Contact', cell: (c) => c.contact ?? '—' },
          { title: 'GSTIN', cell: (c) => c.gstin ?? '—' },
          { title: 'Created', cell: (c) => formatTime(c.created_at) },
        ]}
      />
    </section>
  );
}
