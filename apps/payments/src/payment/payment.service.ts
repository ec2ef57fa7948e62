import { Injectable } from '@nestjs/common';
import type { PaymentEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { NotesUpdateDto, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { getQrCodeDetails } from '../qr-code/qr-code-details/qr-code-details.query';
import type { EditQrPaymentDto } from './dtos/edit-qr-payment.dto';
import { toPaymentEntity } from './dtos/payment.response';
import { getPaymentDetails } from './payment-details/payment-details.query';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import type { Payment } from './payment.decider';
import type { PaymentEvent } from './payment.events';
import { onPayment } from './payment.stream';

/** The payment's own use cases: its notes. (Capture and refund write more streams: see flows/.) */
@Injectable()
export class PaymentService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async editNotes(
    caller: RequestContext,
    paymentId: string,
    dto: NotesUpdateDto,
  ): Promise<PaymentEntity> {
    return entityOf(
      await this.handler.handle(
        onPayment(paymentId, {
          type: 'EditPaymentNotes',
          data: { notes: normalizeNotes(dto.notes) },
          metadata: this.clock.metadata(caller),
        }),
      ),
    );
  }

  /** The notes of one payment made on a QR code (an unknown code first, then a payment not on it). */
  async editQrPaymentNotes(
    caller: RequestContext,
    qrCodeId: string,
    dto: EditQrPaymentDto,
  ): Promise<PaymentEntity> {
    if (!(await getQrCodeDetails(this.database, caller, qrCodeId))) throw new NotFound();
    const payment = await getPaymentDetails(this.database, caller, dto.payment_id);
    if (!payment || payment.qrCodeId !== qrCodeId)
      throw new ValidationFailed('The id provided does not exist', 'payment_id');
    return this.editNotes(caller, dto.payment_id, dto);
  }
}

function entityOf(result: CommandResult<Payment, PaymentEvent>): PaymentEntity {
  const row = orNotFound(paymentDetailsProjection.view(result.stream));
  return toPaymentEntity(row);
}
