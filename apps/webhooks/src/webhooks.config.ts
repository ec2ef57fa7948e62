import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsOptional, IsUrl, Matches } from 'class-validator';
import { ServiceConfig } from '@platform/service-kit';

const url = (name: string, example: string) =>
  IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: `${name} must be a URL, e.g. ${example}` },
  );

export class WebhooksConfig extends ServiceConfig {
  /** 32 random bytes, base64: webhook secrets are stored encrypted under it (AES-256-GCM). */
  @Matches(/^[A-Za-z0-9+/_-]{43}=?$/, {
    message: 'WEBHOOK_SECRET_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
  })
  WEBHOOK_SECRET_KEY!: string;

  /** Development only: let webhooks reach loopback and private addresses (the SSRF rule is lifted). */
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** Asked for a payload's payment or order the events have not brought yet. */
  @url('PAYMENTS_URL', 'http://payments:3000') PAYMENTS_URL = 'http://payments:3000';

  @url('BILLING_URL', 'http://billing:3000') BILLING_URL = 'http://billing:3000';

  /** `smtp://user:pass@host:587`: a disabled webhook's alert_email is written to over it; unset, to the log. */
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['smtp', 'smtps'] },
    {
      message:
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    },
  )
  SMTP_URL?: string;

  /** The From address of alert e-mails. */
  @IsEmail(
    { require_tld: false },
    { message: 'SMTP_FROM must be an e-mail address, e.g. webhooks@example.com' },
  )
  SMTP_FROM = 'webhooks@localhost';

  get secretKey(): Buffer {
    return Buffer.from(this.WEBHOOK_SECRET_KEY, 'base64');
  }
}
