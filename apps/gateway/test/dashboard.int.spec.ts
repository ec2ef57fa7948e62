import 'reflect-metadata';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { DASHBOARD_NOT_BUILT } from '../src/dashboard/dashboard.plugin';
import { NOWHERE, startGatewayBefore } from './gateway-calls';

const INDEX =
  '<!doctype html><title>dashboard</title><script type="module" src="/dashboard/assets/index-abc.js"></script>';
const BUNDLE = 'document.title = "signed in";';

/** A built dashboard as Vite writes it: index.html and content-hashed assets. */
function builtDashboard(): string {
  const directory = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(directory, 'assets'));
  writeFileSync(join(directory, 'index.html'), INDEX);
  writeFileSync(join(directory, 'assets', 'index-abc.js'), BUNDLE);
  return directory;
}

describe('the gateway serving the dashboard at /dashboard', () => {
  let broker: RunningBroker;
  let built: ServiceUnderTest;
  let notBuilt: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startTestBroker();
    built = await startGatewayBefore(broker, NOWHERE, {
      env: { DASHBOARD_DIR: builtDashboard() },
    });
    notBuilt = await startGatewayBefore(broker, NOWHERE, {
      env: { DASHBOARD_DIR: join(tmpdir(), 'no-dashboard-here') },
    });
  });

  afterAll(async () => {
    await built.close();
    await notBuilt.close();
    await broker.stop();
  });

  const get = (target: ServiceUnderTest, url: string) => target.app.inject({ method: 'GET', url });

  it('answers the page at /dashboard, /dashboard/ and any page address under it, without a key', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/payments/pay_1Aa00000000001']) {
      const page = await get(built, url);
      expect({ url, status: page.statusCode, body: page.body }).toEqual({
        url,
        status: 200,
        body: INDEX,
      });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the bundle for good (its name is its content hash) and a missing asset as a 404', async () => {
    const bundle = await get(built, '/dashboard/assets/index-abc.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).toBe(BUNDLE);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get(built, '/dashboard/assets/index-old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('lets the page load only its own scripts and styles, call only its own origin, and never be framed', async () => {
    const page = await get(built, '/dashboard');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps files outside the build out of reach', async () => {
    for (const url of ['/dashboard/../../../etc/passwd', '/dashboard/%2e%2e/%2e%2e/etc/passwd']) {
      const answer = await get(built, url);
      expect(answer.body).not.toContain('root:');
    }
  });

  it('is not part of the key-checked API, and the API is unchanged beside it', async () => {
    const api = await get(built, '/v1/payments');
    expect(api.statusCode).toBe(401);
  });

  it('says the dashboard is not built when its directory has no build, with 404', async () => {
    for (const url of ['/dashboard', '/dashboard/payments']) {
      const answer = await get(notBuilt, url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({
        error: { code: 'BAD_REQUEST_ERROR', description: DASHBOARD_NOT_BUILT },
      });
    }
  });
});
