import { HttpUrlSetting, ServiceConfig } from '@platform/service-kit';

export class SettlementsConfig extends ServiceConfig {
  /** Payments' internal base URL: caught up on before a request needs its captures, refunds and disputes. */
  @HttpUrlSetting('http://payments:3000') PAYMENTS_URL = 'http://payments:3000';
}
