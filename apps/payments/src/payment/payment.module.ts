import { Module } from '@nestjs/common';
import { ExpirePaymentJob } from './expire-payment.job';
import { PaymentService } from './payment.service';
import { PaymentController } from './payment.controller';
import { QrCodePaymentController } from './qr-code-payment.controller';

@Module({
  controllers: [PaymentController, QrCodePaymentController],
  providers: [PaymentService, ExpirePaymentJob],
})
export class PaymentModule {}
