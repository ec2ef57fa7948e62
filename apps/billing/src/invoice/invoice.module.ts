import { Module } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { ExpireInvoiceJob } from './expire-invoice.job';
import { InvoiceService } from './invoice.service';
import { InvoicePageController } from './invoice-page.controller';
import { InvoiceController } from './invoice.controller';
import { InvoiceNotifier } from './notification/invoice-notifier';
import { LogNotifier } from './notification/log-notifier';
import { SmtpNotifier } from './notification/smtp-notifier';
import { NotifyInvoiceJob } from './notify-invoice.job';
import { OnInvoicePaymentConsumer } from './on-invoice-payment.consumer';

/** The notification port's adapter: SMTP for e-mail when SMTP_URL is set, else the log. */
const notifier = {
  provide: InvoiceNotifier,
  inject: [SERVICE_OPTIONS],
  useFactory: (options: ServiceKitOptions): InvoiceNotifier => {
    const config = options.config as BillingConfig;
    return config.SMTP_URL
      ? new SmtpNotifier(config.SMTP_URL, config.SMTP_FROM, new LogNotifier())
      : new LogNotifier();
  },
};

@Module({
  controllers: [InvoiceController, InvoicePageController, OnInvoicePaymentConsumer],
  providers: [notifier, InvoiceService, ExpireInvoiceJob, NotifyInvoiceJob],
  exports: [InvoiceService, InvoiceNotifier],
})
export class InvoiceModule {}
