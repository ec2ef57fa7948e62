import { commandsOn } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { qrCodeDetailsProjection } from './qr-code-details/qr-code-details.projection';
import type { QrCodeCommand } from './qr-code.commands';
import { expiresAt, QR_CODE_STREAM, qrCodeDecider } from './qr-code.decider';
import type { QrCodeEvent } from './qr-code.events';
import { qrCodeIntegrationEvents } from './qr-code.integration';

export const EXPIRE_QR_CODE_JOB = 'qr-code.expire';

/** A command on a QR code stream, with its read model, its public events and its expiry job. */
export function onQrCode(
  qrCodeId: string,
  command: QrCodeCommand,
  publicBaseUrl: string,
  isNew = false,
) {
  return commandsOn({
    decider: qrCodeDecider,
    streamType: QR_CODE_STREAM,
    projections: [qrCodeDetailsProjection],
    outbox: qrCodeIntegrationEvents(publicBaseUrl),
    jobs: expiryJobs,
  })(qrCodeId, command, isNew);
}

/** A single-use code closes at close_by, or 45 days after its creation without one. */
function expiryJobs(appended: readonly StoredEvent<QrCodeEvent>[]): DueJob[] {
  return appended.flatMap((event) => {
    if (event.type !== 'QrCodeCreated') return [];
    const dueAt = expiresAt(event.data);
    return dueAt === null ? [] : [{ kind: EXPIRE_QR_CODE_JOB, streamId: event.streamId, dueAt }];
  });
}
