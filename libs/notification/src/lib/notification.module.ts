import { Module } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { LogNotifier } from './log-notifier';
import { Notifier } from './notifier';
import { SmtpNotifier } from './smtp-notifier';

/** The settings a service using the port declares in its config (SmtpUrlSetting, EmailSetting). */
interface NotificationSettings {
  SMTP_URL?: string;
  SMTP_FROM: string;
}

/** The notification port's adapter: SMTP for e-mail when SMTP_URL is set, else the log. */
const notifier = {
  provide: Notifier,
  inject: [SERVICE_OPTIONS],
  useFactory: (options: ServiceKitOptions): Notifier => {
    const config = options.config as unknown as NotificationSettings;
    return config.SMTP_URL
      ? new SmtpNotifier(config.SMTP_URL, config.SMTP_FROM, new LogNotifier())
      : new LogNotifier();
  },
};

/** How a service reaches its customers (invoices, subscription links, payment links): the Notifier. */
@Module({ providers: [notifier], exports: [Notifier] })
export class NotificationModule {}
