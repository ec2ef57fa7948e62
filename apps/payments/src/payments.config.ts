import { IsUrl } from 'class-validator';
import { ServiceConfig } from '@platform/service-kit';

const url = (name: string, example: string) =>
  IsUrl(
    { require_tld: false, protocols: ['http', 'https'] },
    { message: `${name} must be a URL, e.g. ${example}` },
  );

export class PaymentsConfig extends ServiceConfig {
  /** Billing's internal base URL: asked about customers the local directory has not heard of yet. */
  @url('BILLING_URL', 'http://billing:3000') BILLING_URL = 'http://billing:3000';

  /** Settlements' internal base URL: asked about payments' settlements whose events have not arrived yet. */
  @url('SETTLEMENTS_URL', 'http://settlements:3000') SETTLEMENTS_URL = 'http://settlements:3000';

  /** The gateway's public base URL, which QR code `image_url`s point at. */
  @url('PUBLIC_BASE_URL', 'https://api.example.com') PUBLIC_BASE_URL = 'http://localhost:3000';
}
