import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { OndemandSettlementEvent } from '../ondemand-settlement.events';
import { OndemandSettlementDetailsRow } from './ondemand-settlement-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function evolveOndemandSettlementDetails(
  row: OndemandSettlementDetailsRow | null,
  stored: StoredEvent,
): OndemandSettlementDetailsRow | null {
  const event = stored as StoredEvent<OndemandSettlementEvent>;
  switch (event.type) {
    case 'OndemandSettlementCreated': {
      const {
        currency,
        amountRequested,
        settleFullBalance,
        description,
        notes,
        fees,
        tax,
        payouts,
        createdAt,
      } = event.data;
      const rows = payouts.map(({ payoutId, amount, fees: payoutFees, tax: payoutTax }) => ({
        id: payoutId,
        amount,
        fees: payoutFees,
        tax: payoutTax,
        utr: null,
      }));
      return newRow(event, createdAt, {
        currency,
        amountRequested,
        settleFullBalance,
        description,
        notes,
        fees,
        tax,
        status: 'initiated',
        payouts: rows,
        processedAt: null,
        reversedAt: null,
      });
    }
    case 'OndemandSettlementProcessed': {
      const { utrs, processedAt } = event.data;
      return (
        row && {
          ...row,
          status: 'processed',
          processedAt: seconds(processedAt),
          payouts: row.payouts.map((payout, i) => ({ ...payout, utr: utrs[i] ?? null })),
        }
      );
    }
    case 'OndemandSettlementReversed':
      return row && { ...row, status: 'reversed', reversedAt: seconds(event.data.reversedAt) };
    default:
      return row;
  }
}

/** Inline: the request's answer and a GET right after it read the same row. */
export const ondemandSettlementDetailsProjection = rowProjection<OndemandSettlementDetailsRow>({
  name: 'ondemand-settlement-details',
  entity: OndemandSettlementDetailsRow,
  canHandle: [
    'OndemandSettlementCreated',
    'OndemandSettlementProcessed',
    'OndemandSettlementReversed',
  ],
  evolve: evolveOndemandSettlementDetails,
});
