import type { AlertRule, Dashboard, Panel } from './monitoring-objects';
import { grafanaExpression, legend, legendLabels } from './monitoring-objects';
import type { RunningPrometheus, Series } from './prometheus';
import { SCRAPE_INTERVAL_SECONDS } from './prometheus';

/** What a panel's queries gave over the window: its series (named by their legend) or the error. */
export interface PanelResult {
  panel: Panel;
  series: (Series & { name: string })[];
  /** Each failing query's expression and Prometheus's error. */
  errors: string[];
  /** The legend formats of the panel's queries that gave no series at all. */
  emptyTargets: string[];
  /** Labels a legend names that none of its query's series carries (a label never set). */
  missingLabels: string[];
  hasData: boolean;
}

export interface AlertResult {
  alert: string;
  error: string | null;
  /** Series for which the expression (its condition, before `for`) holds right now. */
  firing: Series[];
}

export interface Window {
  start: number;
  end: number;
  step: number;
}

/** Every target of every panel as a range query over `window`, the way Grafana would send it. */
export async function evaluatePanels(
  prometheus: RunningPrometheus,
  dashboard: Dashboard,
  window: Window,
): Promise<PanelResult[]> {
  const results: PanelResult[] = [];
  for (const panel of dashboard.panels) {
    const result: PanelResult = {
      panel,
      series: [],
      errors: [],
      missingLabels: [],
      emptyTargets: [],
      hasData: false,
    };
    for (const target of panel.targets) {
      const expr = grafanaExpression(dashboard, target.expr, window.step, SCRAPE_INTERVAL_SECONDS);
      try {
        const series = await prometheus.queryRange(expr, window.start, window.end, window.step);
        result.series.push(
          ...series.map((s) => ({ ...s, name: legend(target.legendFormat, s.metric) })),
        );
        if (series.length === 0) result.emptyTargets.push(target.legendFormat ?? target.expr);
        else
          result.missingLabels.push(
            ...legendLabels(target.legendFormat).filter(
              (label) => !series.some((s) => label in s.metric),
            ),
          );
      } catch (error) {
        result.errors.push(`${expr}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    result.hasData = result.series.some((s) => s.values.some(([, value]) => !Number.isNaN(value)));
    results.push(result);
  }
  return results;
}

/** Every alert's expression as an instant query at `time`. */
export async function evaluateAlerts(
  prometheus: RunningPrometheus,
  rules: AlertRule[],
  time: number,
): Promise<AlertResult[]> {
  const results: AlertResult[] = [];
  for (const rule of rules) {
    try {
      results.push({
        alert: rule.alert,
        error: null,
        firing: await prometheus.query(rule.expr, time),
      });
    } catch (error) {
      results.push({
        alert: rule.alert,
        error: error instanceof Error ? error.message : String(error),
        firing: [],
      });
    }
  }
  return results;
}
