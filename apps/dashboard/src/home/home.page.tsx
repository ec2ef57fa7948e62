import type { ComponentChildren } from 'preact';
import type { ApiClient } from '../api/api-client';
import type { Dispute, Payment, Refund, Settlement } from '../api/entities';
import { href } from '../routing/hash-route';
import { Amount } from '../ui/amount';
import { ErrorMessage } from '../ui/error-message';
import { formatTime } from '../ui/format';
import { useApi } from '../ui/use-api';
import { dailyTotals, lastDays } from './daily-totals';
import { VolumeChart } from './volume-chart';
import type { DailyVolume } from './volume-chart';

const CHART_DAYS = 30;

interface Overview {
  /** 00:00 UTC of the chart's last day: today, or the day a test account's clock has reached. */
  today: number;
  volume: DailyVolume;
  disputesToAnswer: number;
  settlements: Settlement[];
}

/**
 * The last 30 days from the API's own lists (every page of each, from 30 days ago). The last day is
 * today, or later when the newest entity is: a test account's clock may have been moved forward.
 */
async function overview(api: ApiClient): Promise<Overview> {
  const now = Math.floor(Date.now() / 1000);
  const since = { from: lastDays(now, CHART_DAYS).starts[0] };
  const [payments, refunds, settlements, disputes] = await Promise.all([
    api.everyItem<Payment>('/v1/payments', since),
    api.everyItem<Refund>('/v1/refunds', since),
    api.everyItem<Settlement>('/v1/settlements', since),
    api.everyItem<Dispute>('/v1/disputes'),
  ]);
  const latest = [...payments, ...refunds, ...settlements].reduce(
    (time, entity) => Math.max(time, entity.created_at),
    now,
  );
  const days = lastDays(latest, CHART_DAYS);
  return {
    today: days.starts[CHART_DAYS - 1],
    volume: {
      labels: days.labels,
      captured: dailyTotals(days, payments, (p) =>
        p.captured ? { time: p.created_at, amount: p.amount } : null,
      ),
      refunded: dailyTotals(days, refunds, (r) => ({ time: r.created_at, amount: r.amount })),
      settled: dailyTotals(days, settlements, (s) =>
        s.status === 'processed' ? { time: s.created_at, amount: s.amount } : null,
      ),
    },
    disputesToAnswer: disputes.filter((dispute) => dispute.status === 'open').length,
    settlements,
  };
}

export function HomePage({ api }: { api: ApiClient }) {
  const { data, error } = useApi(() => overview(api), [api]);
  return (
    <section>
      <h1>Home</h1>
      <ErrorMessage error={error} />
      {data && (
        <>
          <div class="tiles">
            <Tile title="Captured today" testId="captured-today">
              <Amount value={data.volume.captured[CHART_DAYS - 1]} />
            </Tile>
            <Tile title="Refunds today" testId="refunds-today">
              <Amount value={data.volume.refunded[CHART_DAYS - 1]} />
            </Tile>
            <Tile title="Disputes needing a response" testId="disputes-open">
              <a href={href('disputes')}>{data.disputesToAnswer}</a>
            </Tile>
            <Tile title="Next settlement" testId="next-settlement">
              <NextSettlement settlements={data.settlements} today={data.today} />
            </Tile>
          </div>
          <h2>Last {CHART_DAYS} days</h2>
          <VolumeChart volume={data.volume} />
        </>
      )}
    </section>
  );
}

function Tile({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ComponentChildren;
}) {
  return (
    <div class="tile" data-testid={testId}>
      <span class="tile-title">{title}</span>
      <span class="tile-value">{children}</span>
    </div>
  );
}

/** A settlement still on its way (created) if there is one; otherwise the next daily cycle, at 00:00 UTC. */
function NextSettlement({ settlements, today }: { settlements: Settlement[]; today: number }) {
  const pending = settlements.find((settlement) => settlement.status === 'created');
  if (pending)
    return (
      <a href={href('settlements', pending.id)}>
        <Amount value={pending.amount} />
      </a>
    );
  return <span class="muted">next cycle {formatTime(today + 86_400)}</span>;
}
