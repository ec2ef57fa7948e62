import { PaymentEventTypes, Topics } from '@platform/contracts';
import type {
  QrCodeClosedEvent,
  QrCodeCreatedEvent,
  QrCodeCreditedEvent,
} from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { CommandResult, OutboxMessage, StoredEvent } from '@platform/event-store';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { toQrCodeEntity } from './dtos/qr-code.response';
import { qrCodeDetailsProjection } from './qr-code-details/qr-code-details.projection';
import type { QrCode } from './qr-code.decider';
import type { QrCodeEvent } from './qr-code.events';

function qrCodeAt(
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
      if (event.type === 'QrCodeCredited') return []; // with its payment: qrCodeCreditedEvents
      const data = { qr_code: qrCodeAt(stream, event.version, publicBaseUrl) };
      const published: QrCodeCreatedEvent | QrCodeClosedEvent =
        event.type === 'QrCodeCreated'
          ? integrationEventOf(event, PaymentEventTypes.qrCodeCreated, data)
          : integrationEventOf(event, PaymentEventTypes.qrCodeClosed, data);
      return [{ topic: Topics.paymentsQrCode, key: event.streamId, event: published }];
    });
}

/** `qr_code.credited` when a payment on the code was captured: the code and the payment. */
export function qrCodeCreditedEvents(
  code: CommandResult<QrCode, QrCodeEvent>,
  payment: CommandResult<Payment, PaymentEvent>,
  publicBaseUrl: string,
): OutboxMessage[] {
  return code.appended.flatMap((event) => {
    if (event.type !== 'QrCodeCredited') return [];
    const published: QrCodeCreditedEvent = integrationEventOf(
      event,
      PaymentEventTypes.qrCodeCredited,
      {
        qr_code: qrCodeAt(code.stream, event.version, publicBaseUrl),
        payment: paymentAt(payment.stream, payment.stream[payment.stream.length - 1].version),
      },
    );
    return [{ topic: Topics.paymentsQrCode, key: event.streamId, event: published }];
  });
}
