import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsUrl } from 'class-validator';
import {
  ConfigError,
  EmailSetting,
  HttpUrlSetting,
  loadConfig,
  SecretKeySetting,
  secretKeyBytes,
  ServiceConfig,
  SmtpUrlSetting,
} from './config';

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
  it('listens on 127.0.0.1 unless LISTEN_HOST widens it, and refuses what is not an address', () => {
    expect(loadConfig(ExampleConfig, valid).LISTEN_HOST).toBe('127.0.0.1');
    expect(loadConfig(ExampleConfig, { ...valid, LISTEN_HOST: '' }).LISTEN_HOST).toBe('127.0.0.1');
    expect(loadConfig(ExampleConfig, { ...valid, LISTEN_HOST: '0.0.0.0' }).LISTEN_HOST).toBe(
      '0.0.0.0',
    );
    expect(loadConfig(ExampleConfig, { ...valid, LISTEN_HOST: '::' }).LISTEN_HOST).toBe('::');
    expect(() => loadConfig(ExampleConfig, { ...valid, LISTEN_HOST: 'everywhere' })).toThrow(
      /LISTEN_HOST must be an IP address/,
    );
  });

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

  it('reads how many partitions a consumer handles at once: six unless told, a whole number from 1 to 32', () => {
    expect(loadConfig(ExampleConfig, valid).KAFKA_CONSUMER_CONCURRENCY).toBe(6);
    expect(
      loadConfig(ExampleConfig, { ...valid, KAFKA_CONSUMER_CONCURRENCY: '1' })
        .KAFKA_CONSUMER_CONCURRENCY,
    ).toBe(1);
    expect(() => loadConfig(ExampleConfig, { ...valid, KAFKA_CONSUMER_CONCURRENCY: '0' })).toThrow(
      /KAFKA_CONSUMER_CONCURRENCY must be between 1 and 32/,
    );
    expect(() =>
      loadConfig(ExampleConfig, { ...valid, KAFKA_CONSUMER_CONCURRENCY: 'two' }),
    ).toThrow(/KAFKA_CONSUMER_CONCURRENCY must be an integer/);
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

  describe('URL and e-mail settings', () => {
    class MailingConfig extends ServiceConfig {
      @HttpUrlSetting('http://payments:3000') PAYMENTS_URL = 'http://payments:3000';
      @SmtpUrlSetting() SMTP_URL?: string;
      @EmailSetting('billing@example.com') SMTP_FROM = 'billing@localhost';
    }

    it('takes hosts without a TLD, and no SMTP URL at all', () => {
      const config = loadConfig(MailingConfig, { ...valid, PAYMENTS_URL: 'https://payments:3443' });
      expect([config.PAYMENTS_URL, config.SMTP_URL, config.SMTP_FROM]).toEqual([
        'https://payments:3443',
        undefined,
        'billing@localhost',
      ]);
      expect(
        loadConfig(MailingConfig, { ...valid, SMTP_URL: 'smtps://u:p@mail:465' }).SMTP_URL,
      ).toBe('smtps://u:p@mail:465');
    });

    it('refuses other values, naming each setting and an example', () => {
      expect(() =>
        loadConfig(MailingConfig, {
          ...valid,
          PAYMENTS_URL: 'ftp://payments',
          SMTP_URL: 'http://mail',
          SMTP_FROM: 'billing',
        }),
      ).toThrow(
        /PAYMENTS_URL must be a URL, e.g. http:\/\/payments:3000[^]*SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, e.g. smtp:\/\/user:pass@mail.example.com:587[^]*SMTP_FROM must be an e-mail address, e.g. billing@example.com/,
      );
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig(ExampleConfig, { ...valid, PORT: '' }).PORT).toBe(3000);
  });

  describe('Kafka security', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kafka-security-'));
    const file = (name: string, text: string) => (
      writeFileSync(join(dir, name), text),
      join(dir, name)
    );
    const ca = file('ca.pem', 'CA PEM');
    const [cert, key] = [file('cert.pem', 'CERT PEM'), file('key.pem', 'KEY PEM')];

    it('connects in plain text without settings, with the service name as client id', () => {
      const config = loadConfig(ExampleConfig, valid);
      expect(config.kafkaSecurity).toEqual({});
      expect(config.kafkaClientId('billing')).toBe('billing');
    });

    it('reads TLS with a CA and a client certificate, SASL and the client id', () => {
      const config = loadConfig(ExampleConfig, {
        ...valid,
        KAFKA_SSL: 'true',
        KAFKA_SSL_CA_FILE: ca,
        KAFKA_SSL_CERT_FILE: cert,
        KAFKA_SSL_KEY_FILE: key,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'platform',
        KAFKA_SASL_PASSWORD: 'secret',
        KAFKA_CLIENT_ID: 'payments-eu-1',
      });
      expect(config.kafkaSecurity).toEqual({
        ssl: { ca: ['CA PEM'], cert: 'CERT PEM', key: 'KEY PEM' },
        sasl: { mechanism: 'scram-sha-512', username: 'platform', password: 'secret' },
      });
      expect(config.kafkaClientId('payments')).toBe('payments-eu-1');
    });

    it('trusts the system CAs when TLS is on without a CA file', () => {
      expect(loadConfig(ExampleConfig, { ...valid, KAFKA_SSL: 'true' }).kafkaSecurity).toEqual({
        ssl: true,
      });
    });

    it('refuses settings that need each other, unreadable files and unknown mechanisms, all at once', () => {
      expect(() =>
        loadConfig(ExampleConfig, {
          ...valid,
          KAFKA_SSL: 'yes',
          KAFKA_SASL_MECHANISM: 'gssapi',
        }),
      ).toThrow(
        /KAFKA_SSL must be true or false[\s\S]*KAFKA_SASL_MECHANISM must be one of plain, scram-sha-256, scram-sha-512/,
      );
      const error = (() => {
        try {
          loadConfig(ExampleConfig, {
            ...valid,
            KAFKA_SASL_USERNAME: 'platform',
            KAFKA_SSL_CA_FILE: join(dir, 'missing.pem'),
            KAFKA_SSL_CERT_FILE: cert,
          });
        } catch (thrown) {
          return thrown as Error;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error?.message).toContain(
        'KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD go together',
      );
      expect(error?.message).toContain('KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE go together');
      expect(error?.message).toContain('KAFKA_SSL_CA_FILE needs KAFKA_SSL=true');
      expect(() =>
        loadConfig(ExampleConfig, {
          ...valid,
          KAFKA_SSL: 'true',
          KAFKA_SSL_CA_FILE: join(dir, 'missing.pem'),
        }),
      ).toThrow(/KAFKA_SSL_CA_FILE cannot be read/);
      expect(() => loadConfig(ExampleConfig, { ...valid, KAFKA_CLIENT_ID: 'a b' })).toThrow(
        /KAFKA_CLIENT_ID must be/,
      );
    });
  });
});

describe('SecretKeySetting', () => {
  class SealingConfig extends ServiceConfig {
    @SecretKeySetting() SEALING_KEY!: string;
  }
  const key = Buffer.alloc(32, 7).toString('base64');

  it('takes 32 bytes in base64 and gives them back as bytes', () => {
    const config = loadConfig(SealingConfig, { ...valid, SEALING_KEY: key });
    expect(secretKeyBytes(config.SEALING_KEY)).toEqual(Buffer.alloc(32, 7));
  });

  it.each([
    ['missing', undefined],
    ['16 bytes', Buffer.alloc(16).toString('base64')],
    ['not base64', 'CHANGE_ME'],
  ])('refuses a key %s, naming it and saying how to make one', (_, value) => {
    expect(() => loadConfig(SealingConfig, { ...valid, SEALING_KEY: value })).toThrow(
      'SEALING_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
    );
  });
});
