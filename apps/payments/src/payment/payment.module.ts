import { Module } from '@nestjs/common';
import { AutoRefundJob } from './auto-refund.job';
import { PaymentCommands } from './payment-commands';
import { PaymentController } from './payment.controller';

@Module({ controllers: [PaymentController], providers: [PaymentCommands, AutoRefundJob] })
export class PaymentModule {}
