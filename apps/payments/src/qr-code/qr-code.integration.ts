import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { QrCodeClosedEvent, QrCodeCreatedEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toQrCodeEntity } from './dtos/qr-code.response';
import { qrCodeDetailsProjection } from './qr-code-details/qr-code-details.projection';
import type { QrCodeEvent } from './qr-code.events';

/** The QR code as the API shows it right after `version`. */
export function qrCodeAt(
  stream: readonly StoredEvent<QrCodeEvent>[],
  version: number,
  publicBaseUrl: string,
) {
  const row = qrCodeDetailsProjection.view(streamUpTo(stream, version));
  if (!row) throw new Error(`QR code ${stream[0]?.streamId} has no details at version ${version}`);
  return toQrCodeEntity(row, publicBaseUrl);
}

/** `qr_code.created` and `qr_code.closed` on payments.qr_code, keyed by QR code id. */
export function qrCodeIntegrationEvents(publicBaseUrl: string) {
  return (
    appended: readonly StoredEvent<QrCodeEvent>[],
    stream: readonly StoredEvent<QrCodeEvent>[],
  ): OutboxMessage[] =>
    appended.flatMap((event) => {
      if (event.type === 'QrCodeCredited') return []; // with its payment: the pay-qr-code flow
      const data = { qr_code: qrCodeAt(stream, event.version, publicBaseUrl) };
      const published: QrCodeCreatedEvent | QrCodeClosedEvent =
        event.type === 'QrCodeCreated'
          ? integrationEventOf(event, PaymentEventTypes.qrCodeCreated, data)
          : integrationEventOf(event, PaymentEventTypes.qrCodeClosed, data);
      return [{ topic: Topics.paymentsQrCode, key: event.streamId, event: published }];
    });
}
