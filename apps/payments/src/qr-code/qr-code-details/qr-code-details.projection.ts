import { rowOrigin, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { QrCodeEvent } from '../qr-code.events';
import { QrCodeDetailsRow } from './qr-code-details.entity';

export function evolveQrCodeDetails(
  row: QrCodeDetailsRow | null,
  stored: StoredEvent,
): QrCodeDetailsRow | null {
  const event = stored as StoredEvent<QrCodeEvent>;
  switch (event.type) {
    case 'QrCodeCreated': {
      const { terms, createdAt } = event.data;
      return {
        ...terms,
        ...rowOrigin(event, createdAt),
        status: 'active',
        closedAt: null,
        closeReason: null,
        paymentsAmountReceived: 0,
        paymentsCountReceived: 0,
      };
    }
    case 'QrCodeCredited':
      return (
        row && {
          ...row,
          paymentsAmountReceived: row.paymentsAmountReceived + event.data.amount,
          paymentsCountReceived: row.paymentsCountReceived + 1,
        }
      );
    case 'QrCodeClosed':
      return (
        row && {
          ...row,
          status: 'closed',
          closedAt: Math.floor(event.data.closedAt / 1000),
          closeReason: event.data.reason,
        }
      );
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after a payment or a close sees it. */
export const qrCodeDetailsProjection = rowProjection<QrCodeDetailsRow>({
  name: 'qr-code-details',
  entity: QrCodeDetailsRow,
  canHandle: ['QrCodeCreated', 'QrCodeCredited', 'QrCodeClosed'],
  evolve: evolveQrCodeDetails,
});
