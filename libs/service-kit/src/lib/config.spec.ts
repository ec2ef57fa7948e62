import 'reflect-metadata';
import { IsUrl } from 'class-validator';
import { ConfigError, loadConfig, ServiceConfig } from './config';

class ExampleConfig extends ServiceConfig {
  @IsUrl({ require_tld: false }, { message: 'BILLING_URL must be a URL' })
  BILLING_URL!: string;
}

const valid = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  KAFKA_BROKERS: 'localhost:9092,other:9093',
  INTERNAL_TOKEN: 'x'.repeat(32),
  BILLING_URL: 'http://billing:3000',
};

describe('loadConfig', () => {
  it('reads the environment with defaults and types', () => {
    const config = loadConfig(ExampleConfig, { ...valid, PORT: '3101' });
    expect(config.PORT).toBe(3101);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.kafkaBrokers).toEqual(['localhost:9092', 'other:9093']);
    expect(config.OUTBOX_MAX_LINGER_MS).toBe(100);
    expect(
      loadConfig(ExampleConfig, { ...valid, OUTBOX_MAX_LINGER_MS: '40' }).OUTBOX_MAX_LINGER_MS,
    ).toBe(40);
  });

  it('refuses a relay linger under the writers’ NOTIFY interval', () => {
    expect(() => loadConfig(ExampleConfig, { ...valid, OUTBOX_MAX_LINGER_MS: '5' })).toThrow(
      /OUTBOX_MAX_LINGER_MS must be between 20 and 1000/,
    );
  });

  it('reads the HTTP timeouts, refusing values out of range', () => {
    const config = loadConfig(ExampleConfig, valid);
    expect([
      config.HTTP_HEADERS_TIMEOUT_MS,
      config.HTTP_REQUEST_TIMEOUT_MS,
      config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    ]).toEqual([10_000, 60_000, 72_000]);
    expect(
      loadConfig(ExampleConfig, { ...valid, HTTP_REQUEST_TIMEOUT_MS: '5000' })
        .HTTP_REQUEST_TIMEOUT_MS,
    ).toBe(5000);
    expect(() =>
      loadConfig(ExampleConfig, {
        ...valid,
        HTTP_HEADERS_TIMEOUT_MS: '0',
        HTTP_REQUEST_TIMEOUT_MS: 'soon',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '999999999',
      }),
    ).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS must be between 1000 and 300000[^]*HTTP_REQUEST_TIMEOUT_MS must be an integer[^]*HTTP_KEEP_ALIVE_TIMEOUT_MS must be between 1000 and 600000/,
    );
  });

  it('lists every problem at once, with what is expected', () => {
    let error: unknown;
    try {
      loadConfig(ExampleConfig, {
        PORT: 'abc',
        KAFKA_BROKERS: 'nohost',
        INTERNAL_TOKEN: 'short',
        LOG_LEVEL: 'loud',
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const expected of [
      'PORT must be an integer',
      'DATABASE_URL is required',
      'KAFKA_BROKERS must be host:port',
      'INTERNAL_TOKEN must be at least 32 characters',
      'LOG_LEVEL must be one of',
      'BILLING_URL must be a URL',
    ]) {
      expect(message).toContain(expected);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(ExampleConfig, { ...valid, PORT: '' }).PORT).toBe(3000);
  });
});
