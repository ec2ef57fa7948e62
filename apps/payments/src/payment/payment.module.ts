import { Module } from '@nestjs/common';
import { AutoRefundJob } from './auto-refund.job';
import { PaymentService } from './payment.service';
import { PaymentController } from './payment.controller';

@Module({ controllers: [PaymentController], providers: [PaymentService, AutoRefundJob] })
export class PaymentModule {}
