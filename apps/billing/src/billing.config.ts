import { EmailSetting, HttpUrlSetting, ServiceConfig, SmtpUrlSetting } from '@platform/service-kit';

export class BillingConfig extends ServiceConfig {
  /** The gateway's public base URL, which bills' `receipt_url`s point at. */
  @HttpUrlSetting('https://api.example.com') PUBLIC_BASE_URL = 'http://localhost:3000';

  /** Payments' internal base URL: caught up on before an invoice or subscription answer needs its payments. */
  @HttpUrlSetting('http://payments:3000') PAYMENTS_URL = 'http://payments:3000';

  /** Where invoice e-mails go out (smtp://user:pass@host:587 or smtps://…); unset: they are written to the log. */
  @SmtpUrlSetting() SMTP_URL?: string;

  /** The From address of invoice e-mails. */
  @EmailSetting('billing@example.com') SMTP_FROM = 'billing@localhost';
}
