import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { AppModule } from '../src/app.module';
import { BillingConfig } from '../src/billing.config';

/**
 * Billing's real module on a fresh database: on `broker` (else a broker of its own), `env` added to
 * its settings.
 */
export function startBilling(
  broker?: RunningBroker,
  env?: Record<string, string>,
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'billing',
    configSchema: BillingConfig,
    module: (config) => AppModule.register(config),
    broker,
    env,
  });
}
