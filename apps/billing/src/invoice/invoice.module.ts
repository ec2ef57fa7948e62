import { Module } from '@nestjs/common';
import { NotificationModule } from '@platform/notification';
import { ExpireInvoiceJob } from './expire-invoice.job';
import { InvoiceService } from './invoice.service';
import { InvoicePageController } from './invoice-page.controller';
import { InvoiceController } from './invoice.controller';
import { NotifyInvoiceJob } from './notify-invoice.job';
import { OnInvoicePaymentConsumer } from './on-invoice-payment.consumer';

@Module({
  imports: [NotificationModule],
  controllers: [InvoiceController, InvoicePageController, OnInvoicePaymentConsumer],
  providers: [InvoiceService, ExpireInvoiceJob, NotifyInvoiceJob],
  exports: [InvoiceService],
})
export class InvoiceModule {}
