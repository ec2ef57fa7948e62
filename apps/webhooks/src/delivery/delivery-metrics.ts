import { metricsRegistry } from '@platform/service-kit';
import { Counter, Gauge, Histogram } from 'prom-client';

let countOpenBreakers = (): number => 0;

/** The dispatcher tells the gauge how to count its open breakers when /metrics is read. */
export function reportOpenBreakers(count: () => number): void {
  countOpenBreakers = count;
}

/**
 * What an SRE watches of webhook delivery, on `/metrics`: attempts by outcome and how long endpoints
 * take, how long after its event a delivery is first tried (the pipeline's lag), how many webhooks
 * are paused by their breaker, and how many were disabled after 24 hours of failures.
 */
export const deliveryMetrics = {
  attempts: new Counter({
    name: 'webhook_attempts_total',
    help: 'Delivery attempts by outcome: delivered (a 2xx) or failed (another status, a timeout, a connection error)',
    labelNames: ['outcome'] as const,
    registers: [metricsRegistry],
  }),
  attemptDuration: new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'How long endpoints took to answer an attempt (up to the 5 s timeout)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metricsRegistry],
  }),
  firstAttemptLag: new Histogram({
    name: 'webhook_first_attempt_lag_seconds',
    help: "From an event to its delivery's first attempt (the relay, Kafka, the intake, the dispatcher), on the account's clock; events carry whole seconds, so it reads up to 1 s high",
    buckets: [1, 2, 5, 10, 30, 60, 300, 900],
    registers: [metricsRegistry],
  }),
  breakersOpen: new Gauge({
    name: 'webhook_breakers_open',
    help: 'Webhooks whose deliveries this replica has paused after 10 failures in a row',
    registers: [metricsRegistry],
    collect() {
      this.set(countOpenBreakers());
    },
  }),
  disabled: new Counter({
    name: 'webhooks_disabled_total',
    help: 'Webhooks disabled after 24 hours of failed deliveries',
    registers: [metricsRegistry],
  }),
};
