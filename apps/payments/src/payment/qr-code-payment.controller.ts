import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PaymentEntity } from '@platform/contracts';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { EditQrPaymentDto } from './dtos/edit-qr-payment.dto';
import { PaymentService } from './payment.service';

/**
 * A payment made on a QR code, addressed by its code (`/v1/payments/qr_codes/:id/payments`): it writes the
 * payment stream, so it lives with the payment, not in the QR code's folder.
 */
@ApiTags('QR codes')
@Controller('v1/payments/qr_codes')
export class QrCodePaymentController {
  constructor(private readonly payments: PaymentService) {}

  /**
   * Edit the notes of a payment made on a QR code
   *
   * @returns The payment with its new notes
   */
  @EntityIdParam('QR code', 'qr')
  @Patch(':id/payments')
  editQrCodePayment(
    @Caller() caller: RequestContext,
    @Param('id') qrCodeId: string,
    @Body() body: EditQrPaymentDto,
  ): Promise<PaymentEntity> {
    return this.payments.editQrPaymentNotes(caller, qrCodeId, body);
  }
}
