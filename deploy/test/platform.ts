/** What the manifests must agree with: the apps, who calls whom, the public paths and the metrics. */

export const APPS = ['gateway', 'billing', 'payments', 'settlements', 'webhooks'] as const;
export type App = (typeof APPS)[number];

/** HTTP calls inside the cluster: each app and the apps it calls. */
export const CALLS: Record<App, App[]> = {
  gateway: ['billing', 'payments', 'settlements', 'webhooks'],
  billing: ['payments'],
  payments: ['billing', 'settlements'],
  settlements: ['payments'],
  webhooks: ['payments', 'billing', 'settlements'],
};

/** The apps that call `app`. */
export function callersOf(app: App): App[] {
  return APPS.filter((caller) => CALLS[caller].includes(app));
}

/** Every path the API hands out (links in answers, documents, pages, checkout.js) and the dashboard, all served by the gateway. */
export const PUBLIC_PATHS = [
  '/v1',
  '/v2',
  '/checkout.js',
  '/docs',
  '/qr',
  '/bills',
  '/i',
  '/s',
  '/dashboard',
];

/** The keys secrets are sealed under at rest, each read by the one app that seals with it. */
export const SEALING_KEYS: Record<string, App> = {
  KEY_SECRET_KEY: 'gateway',
  WEBHOOK_SECRET_KEY: 'webhooks',
};

/** Served by the gateway but only inside the cluster. */
export const PRIVATE_PATHS = ['/admin', '/health', '/metrics'];

/** The address ranges the webhooks service itself refuses to deliver to. */
export const NON_PUBLIC_RANGES = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
];

const HISTOGRAMS = ['http_request_duration_seconds', 'webhook_first_attempt_lag_seconds'];

/** The metrics the apps export on /metrics (besides Node's process_* and nodejs_* defaults). */
export const METRICS = new Set([
  ...HISTOGRAMS.flatMap((name) => [`${name}_bucket`, `${name}_count`, `${name}_sum`]),
  'kafka_reachable',
  'outbox_unpublished_events',
  'outbox_oldest_unpublished_age_seconds',
  'kafka_consumer_lag',
  'consumer_events_handled_total',
  'consumer_attempts_failed_total',
  'dead_letters_total',
  'dead_letters_not_replayed',
  'due_jobs_due',
  'due_jobs_lateness_seconds',
  'due_jobs_run_total',
  'ledger_unbalanced_accounts',
  'webhook_attempts_total',
  'webhook_breakers_open',
  'webhooks_disabled_total',
]);

export function isKnownMetric(name: string): boolean {
  return METRICS.has(name) || /^(process|nodejs)_/.test(name);
}
