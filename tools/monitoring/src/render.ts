import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import type { PanelResult, Window } from './checks';
import type { Dashboard } from './monitoring-objects';
import { ROOT } from './root';

/** Debian's Chromium; playwright-core brings no browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';
/** Grafana's grid: 24 columns, rows of 30 px, 8 px between panels. */
const ROW_PX = 30;
const GAP_PX = 8;
const WIDTH_PX = 1600;

/**
 * The dashboard drawn from the query results: each panel where its gridPos puts it, with its title
 * and unit; a timeseries as lines (Chart.js, inlined: the page loads nothing), a stat as its last
 * value. Not Grafana (not available here): the dashboard JSON's own panels and queries.
 */
export function dashboardPage(
  dashboard: Dashboard,
  results: PanelResult[],
  window: Window,
): string {
  const panels = results.map(({ panel, series }) => ({
    title: panel.title,
    type: panel.type,
    unit: panel.fieldConfig?.defaults?.unit ?? '',
    gridPos: panel.gridPos,
    series: series.map((s) => ({
      name: s.name,
      points: s.values.map(([time, value]) => ({ x: time, y: value })),
    })),
  }));
  const chartJs = readFileSync(join(ROOT, 'node_modules/chart.js/dist/chart.umd.js'), 'utf8');
  const range = `${new Date(window.start * 1000).toISOString().slice(0, 19)} to ${new Date(window.end * 1000).toISOString().slice(11, 19)} UTC`;
  const data = JSON.stringify({ panels, range: window }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(dashboard.title)}</title>
<style>
  body { margin: 0; padding: 16px; background: #111217; color: #ccccdc; font: 13px/1.4 system-ui, sans-serif; width: ${WIDTH_PX - 32}px; }
  header h1 { font-size: 18px; margin: 0 0 4px; color: #fff; }
  header p { margin: 0 0 12px; color: #9fa7b3; }
  .grid { display: grid; grid-template-columns: repeat(24, 1fr); grid-auto-rows: ${ROW_PX}px; gap: ${GAP_PX}px; }
  .panel { background: #181b1f; border: 1px solid #2c3235; border-radius: 2px; padding: 6px 8px; display: flex; flex-direction: column; min-width: 0; }
  .panel h2 { font-size: 13px; font-weight: 500; margin: 0 0 4px; color: #d8d9da; }
  .panel h2 small { color: #8e8e8e; font-weight: 400; }
  .panel .body { position: relative; flex: 1; min-height: 0; }
  .stat { display: flex; align-items: center; justify-content: center; height: 100%; font-size: 64px; font-weight: 500; }
  .nodata { display: flex; align-items: center; justify-content: center; height: 100%; color: #8e8e8e; }
</style></head>
<body>
<header>
  <h1>${escapeHtml(dashboard.title)}</h1>
  <p>The panels and queries of deploy/monitoring/grafana-dashboard.json, evaluated by real Prometheus
  scraping the platform under traffic (${range}, step ${window.step} s) and drawn by
  tools/monitoring: not Grafana, which is not available here.</p>
</header>
<div class="grid" id="grid"></div>
<script>${chartJs}</script>
<script>
  const { panels, range } = ${data};
  const COLOURS = ['#73bf69', '#f2cc0c', '#8ab8ff', '#ff780a', '#f2495c', '#5794f2', '#b877d9', '#fade2a', '#c0d8ff', '#ffa6b0'];
  const time = (seconds) => new Date(seconds * 1000).toISOString().slice(11, 19);
  const short = (value) => Math.abs(value) >= 1000 ? value.toExponential(1) : +value.toPrecision(3);
  Chart.defaults.color = '#9fa7b3';
  Chart.defaults.borderColor = '#2c3235';
  Chart.defaults.font.size = 10;
  for (const panel of panels) {
    const { x, y, w, h } = panel.gridPos;
    const element = document.createElement('section');
    element.className = 'panel';
    element.style.gridColumn = (x + 1) + ' / span ' + w;
    element.style.gridRow = (y + 1) + ' / span ' + h;
    const title = document.createElement('h2');
    title.textContent = panel.title + ' ';
    const unit = document.createElement('small');
    unit.textContent = panel.unit ? '(' + panel.unit + ')' : '';
    title.append(unit);
    const body = document.createElement('div');
    body.className = 'body';
    element.append(title, body);
    document.getElementById('grid').append(element);
    const withValues = panel.series.filter((s) => s.points.some((p) => !Number.isNaN(p.y)));
    if (withValues.length === 0) {
      body.innerHTML = '<div class="nodata">No data</div>';
    } else if (panel.type === 'stat') {
      const points = withValues[0].points.filter((p) => !Number.isNaN(p.y));
      const value = points[points.length - 1].y;
      body.innerHTML = '<div class="stat"></div>';
      body.firstChild.textContent = short(value);
      body.firstChild.style.color = value === 0 ? '#73bf69' : '#f2495c';
    } else {
      const canvas = document.createElement('canvas');
      body.append(canvas);
      new Chart(canvas, {
        type: 'line',
        data: {
          datasets: withValues.map((s, i) => ({
            label: s.name,
            data: s.points.map((p) => ({ x: p.x, y: Number.isNaN(p.y) ? null : p.y })),
            borderColor: COLOURS[i % COLOURS.length],
            backgroundColor: COLOURS[i % COLOURS.length],
            borderWidth: 1.5,
            pointRadius: 0,
            spanGaps: false,
          })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          scales: {
            x: { type: 'linear', min: range.start, max: range.end, ticks: { callback: time, maxTicksLimit: 8 } },
            y: { beginAtZero: true, ticks: { callback: short } },
          },
          plugins: {
            legend: { position: 'bottom', labels: { boxWidth: 10, boxHeight: 2, font: { size: 10 } } },
          },
        },
      });
    }
  }
  document.body.dataset.rendered = 'yes';
</script>
</body></html>
`;
}

/** Opens the page in headless Chromium and saves a screenshot of all of it. */
export function screenshot(html: string, file: string): Promise<void> {
  return withRenderedPage(html, async (page) => {
    await page.screenshot({ path: file, fullPage: true });
  });
}

/** The page drawn in headless Chromium, for `work`; an error in the page's script fails it. */
export async function withRenderedPage<T>(
  html: string,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH_PX, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Nothing leaves the machine: the page is self-contained, and any request it tried would fail.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html);
    if (errors.length > 0) throw new Error(`the dashboard page failed: ${errors.join('; ')}`);
    await page.waitForSelector('body[data-rendered="yes"]', { timeout: 10_000 });
    return await work(page);
  } finally {
    await browser.close();
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );
}
