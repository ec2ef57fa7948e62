import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './root';

const MONITORING = join(ROOT, 'deploy', 'monitoring');

export interface PanelTarget {
  expr: string;
  legendFormat?: string;
  refId?: string;
}

export interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  targets: PanelTarget[];
  fieldConfig?: { defaults?: { unit?: string } };
}

export interface Dashboard {
  title: string;
  templating: {
    list: { name: string; type: string; current?: { value?: string }; query?: string }[];
  };
  panels: Panel[];
}

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** deploy/monitoring/grafana-dashboard.json, as Grafana's sidecar loads it. */
export function readDashboard(): Dashboard {
  return JSON.parse(readFileSync(join(MONITORING, 'grafana-dashboard.json'), 'utf8')) as Dashboard;
}

/** The groups of deploy/monitoring/prometheus-rule.yaml: a Prometheus rules file's content. */
export function readRuleGroups(): { name: string; rules: AlertRule[] }[] {
  const rule = parse(readFileSync(join(MONITORING, 'prometheus-rule.yaml'), 'utf8')) as {
    spec: { groups: { name: string; rules: AlertRule[] }[] };
  };
  return rule.spec.groups;
}

/**
 * A panel's expression as Grafana sends it to Prometheus: the dashboard's own variables at their
 * current value, `$__interval` the step, and `$__rate_interval` Grafana's
 * max($__interval + scrape interval, 4 × scrape interval), which keeps a rate() over at least
 * four samples.
 */
export function grafanaExpression(
  dashboard: Dashboard,
  expr: string,
  stepSeconds: number,
  scrapeIntervalSeconds: number,
): string {
  const values: Record<string, string> = {
    __interval: `${stepSeconds}s`,
    __rate_interval: `${Math.max(stepSeconds + scrapeIntervalSeconds, 4 * scrapeIntervalSeconds)}s`,
  };
  for (const variable of dashboard.templating.list)
    if (variable.type !== 'datasource')
      values[variable.name] = variable.current?.value ?? variable.query ?? '';
  return expr.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    if (!(name in values)) throw new Error(`${expr}: Grafana has no variable $${name}`);
    return values[name];
  });
}

/** The labels a legend format names (`{{job}} {{topic}}`: job, topic). */
export function legendLabels(format: string | undefined): string[] {
  return [...(format ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, label]) => label);
}

/** A series' legend as Grafana writes it: `{{label}}` replaced by the series' label value. */
export function legend(format: string | undefined, metric: Record<string, string>): string {
  if (!format) return JSON.stringify(metric);
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, label: string) => metric[label] ?? '');
}
