import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { AppModule } from './app.module';
import { BillingConfig } from './billing.config';

void runService(() => {
  const config = loadConfig(BillingConfig);
  return { service: 'billing', module: AppModule.register(config), config };
});
