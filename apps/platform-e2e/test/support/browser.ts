import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { platform } from './platform';
import type { KeyPair } from './platform';
import { parseBody, recordExchange } from './traffic-recorder';

/** Debian's Chromium (`apt-get install chromium`); playwright-core brings no browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The dashboard in a fresh browser context (its own sessionStorage), its public API calls recorded. */
export async function openDashboard(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    acceptDownloads: true,
    viewport: { width: 1360, height: 860 },
  });
  const page = await context.newPage();
  recordApiCalls(page);
  await page.goto(`${platform.baseUrl}/dashboard`);
  return page;
}

export async function signIn(page: Page, key: KeyPair): Promise<void> {
  await page.getByLabel('Key id').fill(key.id);
  await page.getByLabel('Key secret').fill(key.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The page's calls of the public API join the run's record, so the contracts spec checks them
 * against the OpenAPI document like the SDK's (the dashboard has no other way in).
 */
function recordApiCalls(page: Page): void {
  page.on('response', async (response) => {
    const request = response.request();
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v1/')) return;
    // A bodiless request (GET) has no content type; a multipart upload (documents) is not JSON.
    const contentType = request.headers()['content-type'];
    const isJson = contentType === undefined || contentType.startsWith('application/json');
    recordExchange({
      method: request.method(),
      url: `${url.pathname}${url.search}`,
      requestBody: isJson ? parseBody(request.postData()) : undefined,
      requestIsJson: isJson,
      status: response.status(),
      responseBody: parseBody(await response.text().catch(() => null)),
    });
  });
}

/**
 * With DASHBOARD_SCREENSHOTS=1, the page as it is now, as docs/dashboard/<name>.png (shown in
 * docs/operations.md).
 */
export function screenshot(page: Page, name: string): Promise<void> {
  return docsScreenshot(page, { variable: 'DASHBOARD_SCREENSHOTS', folder: 'dashboard', name });
}

/**
 * With `variable`=1 in the environment, the page as it is now, as docs/<folder>/<name>.png; a normal
 * run writes nothing (the tree stays clean).
 */
export async function docsScreenshot(
  page: Page,
  shot: { variable: string; folder: string; name: string },
): Promise<void> {
  if (process.env[shot.variable] !== '1') return;
  const directory = join(__dirname, '..', '..', '..', '..', 'docs', shot.folder);
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${shot.name}.png`), fullPage: true });
}
