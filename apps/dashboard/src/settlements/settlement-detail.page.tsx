import type { ApiClient } from '../api/api-client';
import type { ReconRow, Settlement } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { DataTable } from '../ui/data-table';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { StatusBadge } from '../ui/status-badge';
import { useApi } from '../ui/use-api';
import { reconCsv } from './recon-csv';

const DAY_SECONDS = 86_400;

/**
 * A settlement's recon rows: the recon report (`/v1/settlements/recon/combined`) of the month it was
 * made in, and of the next month when it was made on a month's last day (it may be processed after
 * midnight), narrowed to its own rows.
 */
async function settlementView(api: ApiClient, id: string) {
  const settlement = await api.get<Settlement>(`/v1/settlements/${encodeURIComponent(id)}`);
  const months = new Set(
    [settlement.created_at, settlement.created_at + DAY_SECONDS].map((time) =>
      new Date(time * 1000).toISOString().slice(0, 7),
    ),
  );
  const reports = await Promise.all(
    [...months].map((month) =>
      api.everyItem<ReconRow>('/v1/settlements/recon/combined', {
        year: Number(month.slice(0, 4)),
        month: Number(month.slice(5, 7)),
      }),
    ),
  );
  return { settlement, rows: reports.flat().filter((row) => row.settlement_id === settlement.id) };
}

/** The CSV is built here from the rows shown, and handed to the browser as a download. */
function download(settlement: Settlement, rows: ReconRow[]): void {
  const url = URL.createObjectURL(new Blob([reconCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `recon-${settlement.id}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function SettlementDetailPage({ api, id }: { api: ApiClient; id: string }) {
  const { data, error } = useApi(() => settlementView(api, id), [api, id]);
  return (
    <section>
      <h1>Settlement {id}</h1>
      <ErrorMessage error={error} />
      {data && (
        <>
          <dl class="facts" aria-label="Settlement">
            <dt>Amount</dt>
            <dd data-testid="settlement-amount">
              <Amount value={data.settlement.amount} />
            </dd>
            <dt>Fees (tax)</dt>
            <dd>
              <Amount value={data.settlement.fees} /> (<Amount value={data.settlement.tax} />)
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={data.settlement.status} />
            </dd>
            <dt>UTR</dt>
            <dd>{data.settlement.utr ?? '—'}</dd>
            <dt>Created</dt>
            <dd>{formatTime(data.settlement.created_at)}</dd>
          </dl>
          <div class="actions">
            <button type="button" onClick={() => download(data.settlement, data.rows)}>
              Download recon CSV
            </button>
          </div>
          <DataTable
            label="Recon rows"
            rows={data.rows}
            rowKey={(row) => `${row.entity_id}-${row.type}`}
            empty="No recon rows: a settlement has them once processed."
            columns={[
              {
                title: 'Entity',
                cell: (r) =>
                  r.entity_id.startsWith('pay_') ? (
                    <a href={href('payments', r.entity_id)}>{r.entity_id}</a>
                  ) : (
                    r.entity_id
                  ),
              },
              { title: 'Type', cell: (r) => r.type },
              {
                title: 'Amount',
                cell: (r) => <Amount value={r.amount} currency={r.currency} />,
                numeric: true,
              },
              {
                title: 'Fee',
                cell: (r) => <Amount value={r.fee} currency={r.currency} />,
                numeric: true,
              },
              {
                title: 'Credit',
                cell: (r) => <Amount value={r.credit} currency={r.currency} />,
                numeric: true,
              },
              {
                title: 'Debit',
                cell: (r) => <Amount value={r.debit} currency={r.currency} />,
                numeric: true,
              },
              { title: 'Made', cell: (r) => formatTime(r.created_at) },
            ]}
          />
        </>
      )}
    </section>
  );
}
