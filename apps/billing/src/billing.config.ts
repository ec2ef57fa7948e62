import { IsEmail, IsOptional, IsUrl } from 'class-validator';
import { ServiceConfig } from '@platform/service-kit';

const url = (name: string, example: string) =>
  IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: `${name} must be a URL, e.g. ${example}` },
  );

export class BillingConfig extends ServiceConfig {
  /** The gateway's public base URL, which bills' `receipt_url`s point at. */
  @url('PUBLIC_BASE_URL', 'https://api.example.com') PUBLIC_BASE_URL = 'http://localhost:3000';

  /** Where invoice e-mails go out (smtp://user:pass@host:587 or smtps://…); unset: they are written to the log. */
  @IsOptional()
  @IsUrl(
    { require_tld: false, protocols: ['smtp', 'smtps'] },
    {
      message:
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    },
  )
  SMTP_URL?: string;

  /** The From address of invoice e-mails. */
  @IsEmail(
    { require_tld: false },
    { message: 'SMTP_FROM must be an e-mail address, e.g. billing@example.com' },
  )
  SMTP_FROM = 'billing@localhost';
}
