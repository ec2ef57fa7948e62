import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { NOWHERE, startGatewayBefore } from './gateway-calls';

/** Debian's Chromium (`apt-get install chromium`); playwright-core brings no browser of its own. */
const CHROMIUM = '/usr/bin/chromium';

describe('the API documentation pages (/docs)', () => {
  let broker: RunningBroker;
  let gateway: ServiceUnderTest;
  let browser: Browser;

  beforeAll(async () => {
    broker = await startTestBroker();
    gateway = await startGatewayBefore(broker, NOWHERE, { listen: true });
    if (existsSync(CHROMIUM))
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
      });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
    await broker?.stop();
  });

  it.each(['/docs', '/docs/events', '/docs/openapi.json', '/docs/swagger-ui-bundle.js'])(
    'answers %s with a Content-Security-Policy that forbids framing, and the security headers',
    async (url) => {
      const answer = await fetch(`${gateway.url}${url}`);
      expect(answer.status).toBe(200);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  it('renders Swagger UI in Chromium under that policy, the document’s operations listed, nothing refused', async () => {
    if (!browser) throw new Error(`${CHROMIUM} is needed (apt-get install chromium)`);
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${gateway.url}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor({ timeout: 30_000 });
    expect(await page.locator('.swagger-ui .info .title').innerText()).toMatch(/\S/);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    // An operation opens, as a reader would click it.
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor({ timeout: 10_000 });
    expect(refused).toEqual([]);
    await page.close();
  }, 90_000);

  it('cannot be framed by another page', async () => {
    if (!browser) throw new Error(`${CHROMIUM} is needed (apt-get install chromium)`);
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => refused.push(message.text()));
    await page.setContent(`<iframe src="${gateway.url}/docs" width="800" height="600"></iframe>`);
    await page.waitForTimeout(2_000);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Chromium shows a blocked frame as an error page: no Swagger UI in it.
    expect(await frame?.locator('.swagger-ui').count()).not.toBeGreaterThan(0);
    expect(refused.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|refused to connect/i);
    await page.close();
  }, 60_000);
});
