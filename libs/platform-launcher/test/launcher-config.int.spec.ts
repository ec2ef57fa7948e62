import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSecrets, readLauncherConfig } from '../src/lib/launcher-config';

describe('the launcher’s secrets in DATA_DIR', () => {
  let dataDir: string;
  const secretsFile = () => join(dataDir, 'secrets.json');
  const stored = () => JSON.parse(readFileSync(secretsFile(), 'utf8')) as Record<string, string>;

  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'launcher-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes every secret on the first start, the webhook key 32 random bytes in base64, readable by the owner only', () => {
    const secrets = loadOrCreateSecrets(dataDir);
    expect(Buffer.from(secrets.webhookSecretKey, 'base64')).toHaveLength(32);
    expect(secrets.webhookSecretKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(stored()).toEqual(secrets);
    expect(statSync(secretsFile()).mode & 0o777).toBe(0o600);
  });

  it('gives the same secrets on every later start', () => {
    const first = loadOrCreateSecrets(dataDir);
    expect(loadOrCreateSecrets(dataDir)).toEqual(first);
  });

  it('adds the webhook key to a secrets file that lacks it, keeping the tokens it has', () => {
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
    });
    expect(stored()).toEqual(secrets);
    expect(loadOrCreateSecrets(dataDir).webhookSecretKey).toBe(secrets.webhookSecretKey);
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
