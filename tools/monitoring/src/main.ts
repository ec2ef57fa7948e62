/**
 * `npm run monitoring`: the platform as `npm start` runs it, real Prometheus scraping every process's
 * metrics port, 45 s of an integration's traffic (MONITORING_TRAFFIC_SECONDS); then every panel
 * query of the Grafana dashboard and every alert expression evaluated by that Prometheus, and the
 * dashboard drawn from the results into docs/monitoring/grafana-dashboard.png. Exits non-zero if a
 * query or a rule fails, or a legend names a label no series carries.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateAlerts, evaluatePanels } from './checks';
import { readDashboard, readRuleGroups } from './monitoring-objects';
import { startPlatform } from './platform-process';
import { startPrometheus } from './prometheus';
import { dashboardPage, screenshot } from './render';
import { ROOT } from './root';
import { driveTraffic } from './traffic';

const TRAFFIC_MS = Number(process.env['MONITORING_TRAFFIC_SECONDS'] || 45) * 1000;
/**
 * Queries that give no series on a healthy run, and why (a labelled counter has no series before
 * its first increment): any other query without data is worth a look.
 */
const QUIET_ON_A_HEALTHY_RUN: Record<string, string> = {
  'failed {{job}} {{topic}}': 'no handler failed',
  'new in 1h {{job}} {{consumer}} {{topic}}': 'no event ended as a dead letter',
};
const OUTPUT = join(ROOT, 'docs', 'monitoring');

async function main(): Promise<number> {
  const dashboard = readDashboard();
  const groups = readRuleGroups();
  const started = Date.now();
  log('starting the platform (npm start’s launcher)');
  const platform = await startPlatform();
  try {
    const { baseUrl, metricsPorts, account } = platform.coordinates;
    log(`metrics ports: ${JSON.stringify(metricsPorts)}`);
    const prometheus = await startPrometheus(metricsPorts, groups);
    try {
      log(`Prometheus at ${prometheus.url}; ${TRAFFIC_MS / 1000} s of traffic through the gateway`);
      const start = Math.floor(Date.now() / 1000);
      const traffic = await driveTraffic(baseUrl, account.test, TRAFFIC_MS);
      log(
        `traffic: ${traffic.iterations} iterations, ${traffic.requests} requests ${JSON.stringify(traffic.statuses)}, ${traffic.webhookDeliveries} webhook deliveries received`,
      );
      await new Promise((resolve) => setTimeout(resolve, 5000)); // the last scrapes and rule evaluations
      const window = { start, end: Math.ceil(Date.now() / 1000), step: 2 };
      const panels = await evaluatePanels(prometheus, dashboard, window);
      const alerts = await evaluateAlerts(
        prometheus,
        groups.flatMap((group) => group.rules),
        window.end,
      );
      const ruleStates = await prometheus.rules();

      console.log('\nPanels (query_range over the run):');
      for (const { panel, series, errors, missingLabels, emptyTargets, hasData } of panels) {
        const state =
          errors.length > 0
            ? `ERROR ${errors.join('; ')}`
            : missingLabels.length > 0
              ? `ERROR the legend names labels no series has: ${missingLabels.join(', ')}`
              : hasData
                ? 'data'
                : 'NO DATA';
        console.log(
          `  ${panel.title.padEnd(46)} ${String(series.length).padStart(3)} series  ${state}`,
        );
        for (const target of emptyTargets)
          console.log(
            `      no series for "${target}"${QUIET_ON_A_HEALTHY_RUN[target] ? ` (expected: ${QUIET_ON_A_HEALTHY_RUN[target]})` : ''}`,
          );
      }
      console.log('\nAlerts (instant query at the end of the run; Prometheus’s own evaluation):');
      for (const { alert, error, firing } of alerts) {
        const rule = ruleStates.find((r) => r.name === alert);
        const state = error
          ? `ERROR ${error}`
          : firing.length > 0
            ? `FIRING for ${firing.map((s) => JSON.stringify(s.metric)).join(', ')}`
            : 'not firing';
        console.log(
          `  ${alert.padEnd(26)} ${state}; rule health ${rule?.health ?? 'missing'}${rule?.lastError ? ` (${rule.lastError})` : ''}, state ${rule?.state ?? '?'}`,
        );
      }

      mkdirSync(OUTPUT, { recursive: true });
      const file = join(OUTPUT, 'grafana-dashboard.png');
      await screenshot(dashboardPage(dashboard, panels, window), file);
      log(`screenshot: ${file}`);

      const failures = [
        ...panels.flatMap((p) => p.errors.map((e) => `panel "${p.panel.title}": ${e}`)),
        ...panels
          .filter((p) => p.missingLabels.length > 0)
          .map((p) => `panel "${p.panel.title}": no series has ${p.missingLabels.join(', ')}`),
        ...alerts.filter((a) => a.error).map((a) => `alert ${a.alert}: ${a.error}`),
        ...ruleStates
          .filter((r) => r.health !== 'ok')
          .map((r) => `rule ${r.name}: ${r.health} ${r.lastError ?? ''}`),
      ];
      for (const failure of failures) console.error(`FAILED ${failure}`);
      log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
      return failures.length > 0 ? 1 : 0;
    } finally {
      await prometheus.stop();
    }
  } finally {
    await platform.stop();
  }
}

function log(message: string): void {
  console.log(`monitoring  ${message}`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
