import { EmailSetting, HttpUrlSetting, ServiceConfig, SmtpUrlSetting } from '@platform/service-kit';

export class PaymentsConfig extends ServiceConfig {
  /** Billing's internal base URL: asked about customers the local directory has not heard of yet. */
  @HttpUrlSetting('http://billing:3000') BILLING_URL = 'http://billing:3000';

  /** Settlements' internal base URL: asked about payments' settlements whose events have not arrived yet. */
  @HttpUrlSetting('http://settlements:3000') SETTLEMENTS_URL = 'http://settlements:3000';

  /** The gateway's public base URL, which QR code `image_url`s and payment link `short_url`s point at. */
  @HttpUrlSetting('https://api.example.com') PUBLIC_BASE_URL = 'http://localhost:3000';

  /** Where payment link e-mails go out (smtp://user:pass@host:587 or smtps://…); unset: they are written to the log. */
  @SmtpUrlSetting() SMTP_URL?: string;

  /** The From address of payment link e-mails. */
  @EmailSetting('payments@example.com') SMTP_FROM = 'payments@localhost';
}
