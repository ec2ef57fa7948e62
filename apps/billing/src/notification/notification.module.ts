import { Module } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { InvoiceNotifier } from './invoice-notifier';
import { LogNotifier } from './log-notifier';
import { SmtpNotifier } from './smtp-notifier';

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

/** How billing reaches customers (invoices, subscription links and notices): no aggregate of its own. */
@Module({ providers: [notifier], exports: [InvoiceNotifier] })
export class NotificationModule {}
