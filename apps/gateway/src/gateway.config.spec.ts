import 'reflect-metadata';
import { loadConfig } from '@platform/service-kit';
import { GatewayConfig } from './gateway.config';

const env = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/gateway',
  KAFKA_BROKERS: 'localhost:9092',
  INTERNAL_TOKEN: 'i'.repeat(32),
  ADMIN_TOKEN: 'a'.repeat(32),
  BILLING_URL: 'http://billing:3000',
  PAYMENTS_URL: 'http://payments:3000',
  SETTLEMENTS_URL: 'http://settlements:3000',
  WEBHOOKS_URL: 'http://webhooks:3000',
};

describe('the gateway’s settings', () => {
  it('will not start without the key its key secrets are sealed under', () => {
    expect(() => loadConfig(GatewayConfig, env)).toThrow(
      'KEY_SECRET_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
    );
    const key = Buffer.alloc(32, 3);
    expect(
      loadConfig(GatewayConfig, { ...env, KEY_SECRET_KEY: key.toString('base64') }).keySecretKey,
    ).toEqual(key);
  });
});
