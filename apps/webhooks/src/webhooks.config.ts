import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import {
  EmailSetting,
  HttpUrlSetting,
  SecretKeySetting,
  secretKeyBytes,
  ServiceConfig,
  SmtpUrlSetting,
} from '@platform/service-kit';

export class WebhooksConfig extends ServiceConfig {
  /** 32 random bytes, base64: webhook secrets are stored encrypted under it (AES-256-GCM). */
  @SecretKeySetting()
  WEBHOOK_SECRET_KEY!: string;

  /** Development only: let webhooks reach loopback and private addresses (the SSRF rule is lifted). */
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** Asked for a payload's payment or order the events have not brought yet. */
  @HttpUrlSetting('http://payments:3000') PAYMENTS_URL = 'http://payments:3000';

  @HttpUrlSetting('http://billing:3000') BILLING_URL = 'http://billing:3000';

  /** Caught up on (with payments and billing) before the deliveries list answers. */
  @HttpUrlSetting('http://settlements:3000') SETTLEMENTS_URL = 'http://settlements:3000';

  /** `smtp://user:pass@host:587`: a disabled webhook's alert_email is written to over it; unset, to the log. */
  @SmtpUrlSetting() SMTP_URL?: string;

  /** The From address of alert e-mails. */
  @EmailSetting('webhooks@example.com') SMTP_FROM = 'webhooks@localhost';

  get secretKey(): Buffer {
    return secretKeyBytes(this.WEBHOOK_SECRET_KEY);
  }
}
