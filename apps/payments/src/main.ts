import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { AppModule, PAYMENTS_READ_MODELS } from './app.module';
import { PaymentsConfig } from './payments.config';

void runService(() => {
  const config = loadConfig(PaymentsConfig);
  return { service: 'payments', module: AppModule.register(config), config, readModels: PAYMENTS_READ_MODELS };
});
