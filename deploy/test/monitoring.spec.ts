import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deployment } from './k8s';
import { ofKind, selectsApp } from './k8s';
import type { Manifest } from './kustomize';
import { kustomize } from './kustomize';
import { APPS, isKnownMetric } from './platform';
import { metricNames } from './promql';

const DEPLOY = join(__dirname, '..');
const monitoring = kustomize(join(DEPLOY, 'monitoring'));

interface Alert {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook_url: string };
}

interface Panel {
  title: string;
  datasource: { type: string; uid: string };
  targets: { expr: string }[];
}

describe('metricNames', () => {
  it('names the metrics an expression reads, not its functions, labels, ranges or numbers', () => {
    expect(
      metricNames(
        'sum by (job) (rate(a_total{status_code=~"5..", x="$y"}[$__rate_interval])) / on (job) b_count > 1e3 and c',
      ),
    ).toEqual(['a_total', 'b_count', 'c']);
  });
});

describe('The ServiceMonitor', () => {
  it("scrapes the metrics port of every app's Service", () => {
    const [monitor, ...others] = monitoring.filter(
      (o) => o.kind === 'ServiceMonitor',
    ) as (Manifest & {
      spec: {
        selector: Parameters<typeof selectsApp>[0];
        endpoints: { port: string; path: string }[];
      };
    })[];
    expect(others).toEqual([]);
    expect(APPS.filter((app) => selectsApp(monitor.spec.selector, app))).toEqual([...APPS]);
    expect(monitor.spec.endpoints).toEqual([
      expect.objectContaining({ port: 'metrics', path: '/metrics' }),
    ]);

    const base = kustomize(join(DEPLOY, 'base'));
    const services = base.filter((o) => o.kind === 'Service') as (Manifest & {
      spec: { ports: { name: string; targetPort: string }[] };
    })[];
    for (const app of APPS)
      expect(services.find((s) => s.metadata.name === app)?.spec.ports).toContainEqual(
        expect.objectContaining({ name: 'metrics', targetPort: 'metrics' }),
      );
    expect(ofKind<Deployment>(base, 'Deployment')).toHaveLength(APPS.length);
  });
});

describe('The PrometheusRule', () => {
  const rules = monitoring.filter((o) => o.kind === 'PrometheusRule') as (Manifest & {
    spec: { groups: { rules: Alert[] }[] };
  })[];
  const alerts = rules.flatMap((rule) => rule.spec.groups.flatMap((group) => group.rules));
  const readmeHeadings = readFileSync(join(DEPLOY, 'README.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#+ /, ''));

  it('alerts on the outbox, consumer lag, dead letters, the ledger, 5xx, disabled webhooks and Kafka', () => {
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      'DeadLettersNotReplayed',
      'HighServerErrorRate',
      'KafkaConsumerLagHigh',
      'KafkaUnreachable',
      'LedgerUnbalanced',
      'OutboxEventsStuck',
      'WebhookEndpointDisabled',
    ]);
    const exprOf = (name: string) => alerts.find((a) => a.alert === name)!;
    expect(exprOf('OutboxEventsStuck')).toMatchObject({
      expr: expect.stringMatching(/> 60$/),
      for: '5m',
    });
    expect(exprOf('KafkaConsumerLagHigh')).toMatchObject({
      expr: expect.stringMatching(/> 1000$/),
      for: '10m',
    });
    expect(exprOf('HighServerErrorRate')).toMatchObject({
      expr: expect.stringMatching(/> 0\.01$/),
      for: '5m',
    });
    expect(exprOf('KafkaUnreachable')).toMatchObject({
      expr: expect.stringMatching(/== 0$/),
      for: '5m',
    });
  });

  it.each(alerts.map((a) => [a.alert, a] as const))(
    '%s reads only metrics the apps export',
    (_, alert) => {
      const names = metricNames(alert.expr);
      expect(names.length).toBeGreaterThan(0);
      expect(names.filter((name) => !isKnownMetric(name))).toEqual([]);
    },
  );

  it.each(alerts.map((a) => [a.alert, a] as const))(
    '%s says what happened and points to its runbook in deploy/README.md',
    (_, alert) => {
      expect(alert.labels.severity).toMatch(/^(warning|critical)$/);
      expect(alert.annotations.summary).toBeTruthy();
      expect(alert.annotations.description).toBeTruthy();
      expect(alert.annotations.runbook_url).toBe(`deploy/README.md#${alert.alert.toLowerCase()}`);
      expect(readmeHeadings).toContain(alert.alert);
    },
  );
});

describe('The Grafana dashboard', () => {
  const json = readFileSync(join(DEPLOY, 'monitoring', 'grafana-dashboard.json'), 'utf8');
  const dashboard = JSON.parse(json) as {
    templating: { list: { name: string; type: string; query: string }[] };
    panels: Panel[];
  };
  const expressions = dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => target.expr),
  );

  it('is the ConfigMap that Grafana picks up', () => {
    const configMap = monitoring.find((o) => o.kind === 'ConfigMap')!;
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(configMap['data']).toEqual({ 'grafana-dashboard.json': json });
  });

  it('queries the Prometheus chosen in its datasource variable', () => {
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }),
    );
    for (const panel of dashboard.panels)
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
  });

  it.each(dashboard.panels.map((p) => [p.title, p] as const))(
    'panel "%s" reads only metrics the apps export',
    (_, panel) => {
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const names = metricNames(expr);
        expect(names.length).toBeGreaterThan(0);
        expect(names.filter((name) => !isKnownMetric(name))).toEqual([]);
      }
    },
  );

  it('shows requests, latency, the outbox, consumers, dead letters, due jobs, the ledger and webhooks', () => {
    const shown = new Set(expressions.flatMap(metricNames));
    expect(
      [
        'http_request_duration_seconds_count',
        'http_request_duration_seconds_bucket',
        'outbox_unpublished_events',
        'outbox_oldest_unpublished_age_seconds',
        'kafka_consumer_lag',
        'consumer_events_handled_total',
        'consumer_attempts_failed_total',
        'dead_letters_total',
        'dead_letters_not_replayed',
        'due_jobs_lateness_seconds',
        'ledger_unbalanced_accounts',
        'webhook_attempts_total',
      ].filter((metric) => !shown.has(metric)),
    ).toEqual([]);
  });
});
