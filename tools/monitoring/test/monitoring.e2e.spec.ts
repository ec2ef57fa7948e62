import { existsSync } from 'node:fs';
import type { LauncherProcess } from '@platform/platform-launcher';
import type { AlertResult, PanelResult, Window } from '../src/checks';
import { evaluateAlerts, evaluatePanels } from '../src/checks';
import { readDashboard, readRuleGroups } from '../src/monitoring-objects';
import { startPlatform } from '../src/platform-process';
import type { RuleState, RunningPrometheus } from '../src/prometheus';
import { PROMETHEUS, startPrometheus } from '../src/prometheus';
import { CHROMIUM, dashboardPage, withRenderedPage } from '../src/render';
import { driveTraffic } from '../src/traffic';

const prometheusInstalled = existsSync(PROMETHEUS);
const chromiumInstalled = existsSync(CHROMIUM);
const SERVICES = ['billing', 'payments', 'settlements', 'webhooks'];

/**
 * deploy/monitoring against the real thing: the platform as `npm start` runs it, real Prometheus
 * scraping every process's metrics port with the ServiceMonitor's labels, a short run of an
 * integration's traffic, then the dashboard's queries and the alert rules evaluated as Grafana and
 * Prometheus would. `npm run monitoring` is the longer run that also draws the screenshot.
 */
(prometheusInstalled ? describe : describe.skip)(
  `The Grafana dashboard and the alerts on a platform under traffic${prometheusInstalled ? '' : ` (skipped: no Prometheus at ${PROMETHEUS}; apt-get install prometheus)`}`,
  () => {
    const dashboard = readDashboard();
    const groups = readRuleGroups();
    let platform: LauncherProcess | undefined;
    let prometheus: RunningPrometheus | undefined;
    let panels: PanelResult[];
    let range: Window;
    let alerts: AlertResult[];
    let rules: RuleState[];
    const panel = (title: string) => panels.find((result) => result.panel.title === title)!;
    const jobsOf = (result: PanelResult) =>
      [...new Set(result.series.map((series) => series.metric['job']))].sort();

    beforeAll(async () => {
      platform = await startPlatform();
      const { baseUrl, metricsPorts, account } = platform.coordinates;
      prometheus = await startPrometheus(metricsPorts, groups);
      const start = Math.floor(Date.now() / 1000);
      await driveTraffic(baseUrl, account.test, 8000);
      // Until the scrapes after the traffic are in: every consumer has reported its lag.
      for (const deadline = Date.now() + 60_000; ;) {
        range = { start, end: Math.ceil(Date.now() / 1000), step: 2 };
        panels = await evaluatePanels(prometheus, dashboard, range);
        if (jobsOf(panel('Consumer lag by topic')).length === SERVICES.length) break;
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const now = Math.floor(Date.now() / 1000);
      alerts = await evaluateAlerts(
        prometheus,
        groups.flatMap((group) => group.rules),
        now,
      );
      rules = await prometheus.rules();
    }, 240_000);

    afterAll(async () => {
      await prometheus?.stop();
      await platform?.stop();
    }, 60_000);

    it('runs every panel query without an error, and every legend names labels its series carry', () => {
      expect(panels.map((result) => result.panel.title)).toEqual(
        dashboard.panels.map((p) => p.title),
      );
      expect(panels.flatMap((result) => result.errors)).toEqual([]);
      expect(
        panels
          .filter((result) => result.missingLabels.length > 0)
          .map((result) => [result.panel.title, result.missingLabels]),
      ).toEqual([]);
    });

    it('shows the requests by route pattern, the outbox and the consumer lag of every app', () => {
      const requests = panel('Requests by route and status');
      expect(jobsOf(requests)).toEqual(['gateway', ...SERVICES].sort());
      expect(requests.series.map((series) => series.name)).toContain(
        'gateway /v1/payments/:id/capture 200',
      );
      expect(jobsOf(panel('Outbox backlog'))).toEqual(expect.arrayContaining(SERVICES));
      expect(jobsOf(panel('Consumer lag by topic'))).toEqual(SERVICES);
      for (const title of [
        'Requests by route and status',
        'Outbox backlog',
        'Consumer lag by topic',
      ])
        expect([title, panel(title).hasData]).toEqual([title, true]);
      expect(panel('Server errors (5xx share)').hasData).toBe(true);
    });

    it('runs every alert expression, Prometheus evaluates every rule, and none fires on a healthy platform', () => {
      expect(alerts.map((alert) => [alert.alert, alert.error])).toEqual(
        alerts.map((alert) => [alert.alert, null]),
      );
      expect(alerts.filter((alert) => alert.firing.length > 0).map((a) => a.alert)).toEqual([]);
      expect(rules.map((rule) => [rule.name, rule.health])).toEqual(
        groups.flatMap((group) => group.rules.map((rule) => [rule.alert, 'ok'])),
      );
    });

    (chromiumInstalled ? it : it.skip)(
      `draws every panel from its query results in the page of npm run monitoring${chromiumInstalled ? '' : ` (skipped: no Chromium at ${CHROMIUM})`}`,
      async () => {
        const drawn = await withRenderedPage(dashboardPage(dashboard, panels, range), (page) =>
          page
            .locator('section.panel')
            .all()
            .then((sections) =>
              Promise.all(
                sections.map(async (section) => ({
                  title: await section.locator('h2').evaluate((h2) => h2.firstChild?.textContent),
                  charts: await section.locator('canvas').count(),
                  text: await section.locator('.body').innerText(),
                })),
              ),
            ),
        );
        expect(drawn.map((d) => d.title?.trim())).toEqual(dashboard.panels.map((p) => p.title));
        for (const { title, charts, text } of drawn)
          if (title?.trim() === 'Ledger unbalanced accounts')
            expect({ charts, text: text.trim() }).toEqual({ charts: 0, text: '0' });
          else expect([title, charts]).toEqual([title, 1]);
      },
    );
  },
);
