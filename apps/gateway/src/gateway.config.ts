import { Transform } from 'class-transformer';
import { IsInt, IsString, IsUrl, Min, MinLength } from 'class-validator';
import { SecretKeySetting, secretKeyBytes, ServiceConfig } from '@platform/service-kit';

const url = (name: string) =>
  IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    {
      message: `${name} must be the service's base URL, e.g. http://${name.split('_')[0].toLowerCase()}:3000`,
    },
  );

export class GatewayConfig extends ServiceConfig {
  @IsString({ message: 'ADMIN_TOKEN is required: the bearer token of the admin API' })
  @MinLength(32, { message: 'ADMIN_TOKEN must be at least 32 characters' })
  ADMIN_TOKEN!: string;

  /**
   * 32 random bytes, base64: API key secrets are kept sealed under it (AES-256-GCM), so Checkout,
   * which a browser calls with the key id alone, can sign its answers with the key's secret. Required:
   * without it no key could be used with Checkout. Keep it for the life of the database.
   */
  @SecretKeySetting()
  KEY_SECRET_KEY!: string;

  @url('BILLING_URL') BILLING_URL!: string;
  @url('PAYMENTS_URL') PAYMENTS_URL!: string;
  @url('SETTLEMENTS_URL') SETTLEMENTS_URL!: string;
  @url('WEBHOOKS_URL') WEBHOOKS_URL!: string;

  /** Requests per second per API key (burst included). */
  @Transform(({ value }) => (value === undefined ? 10_000 : Number(value)))
  @IsInt({ message: 'RATE_LIMIT_PER_SECOND must be an integer' })
  @Min(1)
  RATE_LIMIT_PER_SECOND = 10_000;

  /**
   * Failed authentications per client network (an IPv4 address, an IPv6 /64) per minute; past it the
   * network gets 429 until the minute ends.
   */
  @Transform(({ value }) => (value === undefined ? 100 : Number(value)))
  @IsInt({ message: 'AUTH_FAILURES_PER_MINUTE must be an integer' })
  @Min(1, { message: 'AUTH_FAILURES_PER_MINUTE must be at least 1' })
  AUTH_FAILURES_PER_MINUTE = 100;

  /**
   * Failed authentications per API key id, and for the admin token, per minute, from all networks
   * together; past it every request with that key id (or the admin token) gets 429 until the minute ends.
   */
  @Transform(({ value }) => (value === undefined ? 100 : Number(value)))
  @IsInt({ message: 'AUTH_FAILURES_PER_KEY_PER_MINUTE must be an integer' })
  @Min(1, { message: 'AUTH_FAILURES_PER_KEY_PER_MINUTE must be at least 1' })
  AUTH_FAILURES_PER_KEY_PER_MINUTE = 100;

  /**
   * Checkout's requests (its operations, files, hosted page and page lookups) per client network (an
   * IPv4 address, an IPv6 /64) per minute: far above what a customer's browser sends, low enough to
   * slow down a script.
   */
  @Transform(({ value }) => (value === undefined ? 3000 : Number(value)))
  @IsInt({ message: 'CHECKOUT_ADDRESS_REQUESTS_PER_MINUTE must be an integer' })
  @Min(1, { message: 'CHECKOUT_ADDRESS_REQUESTS_PER_MINUTE must be at least 1' })
  CHECKOUT_ADDRESS_REQUESTS_PER_MINUTE = 3000;

  /**
   * Requests to the public pages (QR images, bill, invoice, subscription and payment link pages, the
   * test bank's page and its form) per client address (IPv6: per /64) per minute, all together.
   */
  @Transform(({ value }) => (value === undefined ? 3000 : Number(value)))
  @IsInt({ message: 'PUBLIC_PAGE_ADDRESS_REQUESTS_PER_MINUTE must be an integer' })
  @Min(1, { message: 'PUBLIC_PAGE_ADDRESS_REQUESTS_PER_MINUTE must be at least 1' })
  PUBLIC_PAGE_ADDRESS_REQUESTS_PER_MINUTE = 3000;

  /** Checkout's requests per key id per minute: every customer of a merchant counts towards it. */
  @Transform(({ value }) => (value === undefined ? 60_000 : Number(value)))
  @IsInt({ message: 'CHECKOUT_KEY_REQUESTS_PER_MINUTE must be an integer' })
  @Min(1, { message: 'CHECKOUT_KEY_REQUESTS_PER_MINUTE must be at least 1' })
  CHECKOUT_KEY_REQUESTS_PER_MINUTE = 60_000;

  /** The built checkout app (checkout.js, the modal, the pay pages' script); relative paths are read from the working directory. */
  @Transform(({ value }) => (value === undefined ? 'dist/apps/checkout' : value))
  @IsString({ message: 'CHECKOUT_DIR must be the directory of the built checkout app' })
  @MinLength(1, { message: 'CHECKOUT_DIR must be the directory of the built checkout app' })
  CHECKOUT_DIR = 'dist/apps/checkout';

  /** The built merchant dashboard, served at /dashboard; relative paths are read from the working directory. */
  @Transform(({ value }) => (value === undefined ? 'dist/apps/dashboard' : value))
  @IsString({ message: 'DASHBOARD_DIR must be the directory of the built dashboard' })
  @MinLength(1, { message: 'DASHBOARD_DIR must be the directory of the built dashboard' })
  DASHBOARD_DIR = 'dist/apps/dashboard';

  @Transform(({ value }) => (value === undefined ? 1_048_576 : Number(value)))
  @IsInt({ message: 'BODY_LIMIT_BYTES must be an integer' })
  @Min(1024)
  BODY_LIMIT_BYTES = 1_048_576;

  get keySecretKey(): Buffer {
    return secretKeyBytes(this.KEY_SECRET_KEY);
  }
}
