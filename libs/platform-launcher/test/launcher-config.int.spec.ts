import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSecrets, readLauncherConfig, SERVICES } from '../src/lib/launcher-config';
import { serviceEnvironment } from '../src/lib/service-environment';

describe('the launcher’s secrets in DATA_DIR', () => {
  let dataDir: string;
  const secretsFile = () => join(dataDir, 'secrets.json');
  const stored = () => JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>;

  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'launcher-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes every secret on the first start, the webhook and key-sealing keys 32 random bytes in base64 each, readable by the owner only', () => {
    const secrets = loadOrCreateSecrets(dataDir);
    for (const key of [secrets.webhookSecretKey, secrets.keySecretKey]) {
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
      expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    }
    expect(secrets.keySecretKey).not.toBe(secrets.webhookSecretKey);
    expect(stored()).toEqual(secrets);
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);
  });

  it('gives the same secrets on every later start', () => {
    const first = loadOrCreateSecrets(dataDir);
    expect(loadOrCreateSecrets(dataDir)).toEqual(first);
  });

  it('adds the webhook and key-sealing keys to a secrets file that lacks them, keeping the tokens it has', () => {
    writeFileSync(
      secretsFile(),
      JSON.stringify({
        adminToken: 'admin-token-of-before',
        internalToken: 'internal-token-of-before',
      }),
      { mode: 0o600 },
    );
    const secrets = loadOrCreateSecrets(dataDir);
    expect(secrets).toEqual({
      adminToken: 'admin-token-of-before',
      internalToken: 'internal-token-of-before',
      webhookSecretKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      keySecretKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    expect(stored()).toEqual(secrets);
    expect(loadOrCreateSecrets(dataDir)).toEqual(secrets);
  });

  it('adds the key-sealing key to a file of the release before Checkout, keeping the webhook key', () => {
    const before = {
      adminToken: 'admin-token-of-before',
      internalToken: 'internal-token-of-before',
      webhookSecretKey: Buffer.alloc(32, 1).toString('base64'),
    };
    writeFileSync(secretsFile(), JSON.stringify(before), { mode: 0o600 });
    const secrets = loadOrCreateSecrets(dataDir);
    expect(secrets).toEqual({
      ...before,
      keySecretKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    expect(stored()).toEqual(secrets);
  });

  it('gives the gateway the key-sealing key and webhooks the webhook key, each only to its own service', () => {
    const config = readLauncherConfig({ DATA_DIR: dataDir });
    const addresses = {
      kafkaBrokers: '127.0.0.1:9092',
      databaseUrl: (service: string) => `postgres://127.0.0.1/${service}`,
      internalPorts: { billing: 1, payments: 2, settlements: 3, webhooks: 4 },
      metricsPorts: { gateway: 5, billing: 6, payments: 7, settlements: 8, webhooks: 9 },
    };
    const holders = (name: string) =>
      SERVICES.filter((service) => name in serviceEnvironment(service, config, addresses));
    expect(serviceEnvironment('gateway', config, addresses)['KEY_SECRET_KEY']).toBe(
      config.keySecretKey,
    );
    expect(holders('KEY_SECRET_KEY')).toEqual(['gateway']);
    expect(holders('WEBHOOK_SECRET_KEY')).toEqual(['webhooks']);
  });

  it('has every service listen on 127.0.0.1 unless LISTEN_HOST widens it', () => {
    const addresses = {
      kafkaBrokers: '127.0.0.1:9092',
      databaseUrl: (service: string) => `postgres://127.0.0.1/${service}`,
      internalPorts: { billing: 1, payments: 2, settlements: 3, webhooks: 4 },
      metricsPorts: { gateway: 5, billing: 6, payments: 7, settlements: 8, webhooks: 9 },
    };
    const hosts = (env: Record<string, string>) =>
      SERVICES.map(
        (service) =>
          serviceEnvironment(service, readLauncherConfig({ DATA_DIR: dataDir, ...env }), addresses)[
            'LISTEN_HOST'
          ],
      );
    expect(hosts({})).toEqual(SERVICES.map(() => '127.0.0.1'));
    expect(hosts({ LISTEN_HOST: '0.0.0.0' })).toEqual(SERVICES.map(() => '0.0.0.0'));
  });

  it('gives the services 60 s to become ready unless SERVICES_READY_WITHIN_SECONDS says otherwise', () => {
    expect(readLauncherConfig({ DATA_DIR: dataDir }).readyWithinMs).toBe(60_000);
    expect(
      readLauncherConfig({ DATA_DIR: dataDir, SERVICES_READY_WITHIN_SECONDS: '150' }).readyWithinMs,
    ).toBe(150_000);
    expect(() =>
      readLauncherConfig({ DATA_DIR: dataDir, SERVICES_READY_WITHIN_SECONDS: 'soon' }),
    ).toThrow('SERVICES_READY_WITHIN_SECONDS must be a whole number of seconds, not "soon"');
  });

  it('passes SMTP_URL and SMTP_FROM on to webhooks only when they are set', () => {
    expect(readLauncherConfig({ DATA_DIR: dataDir }).smtp).toEqual({});
    expect(
      readLauncherConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://mail.example.com:587',
        SMTP_FROM: 'alerts@example.com',
      }).smtp,
    ).toEqual({ SMTP_URL: 'smtp://mail.example.com:587', SMTP_FROM: 'alerts@example.com' });
  });

  it('gives the webhooks service a database of its own unless DATABASE_URL_WEBHOOKS names one', () => {
    expect(readLauncherConfig({ DATA_DIR: dataDir }).databaseUrls).toEqual({});
    expect(
      readLauncherConfig({ DATA_DIR: dataDir, DATABASE_URL_WEBHOOKS: 'postgres://db/webhooks' })
        .databaseUrls,
    ).toEqual({ webhooks: 'postgres://db/webhooks' });
  });

  it('takes 0 for any free port and refuses a port out of range, naming the variable', () => {
    expect(readLauncherConfig({ DATA_DIR: dataDir, PORT: '0', KAFKA_PORT: '0' })).toMatchObject({
      port: 0,
      kafkaPort: 0,
      metricsPort: 9464,
    });
    expect(() => readLauncherConfig({ DATA_DIR: dataDir, METRICS_PORT: '65536' })).toThrow(
      'METRICS_PORT must be a port number (1-65535, or 0 for any free port), got "65536"',
    );
  });
});
