import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { AppModule, BILLING_READ_MODELS } from './app.module';
import { BillingConfig } from './billing.config';

void runService(() => {
  const config = loadConfig(BillingConfig);
  return {
    service: 'billing',
    module: AppModule.register(config),
    config,
    readModels: BILLING_READ_MODELS,
  };
});
