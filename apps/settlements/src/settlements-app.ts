import type { ServiceApp } from '@platform/service-kit';
import { AppModule, SETTLEMENTS_READ_MODELS } from './app.module';
import type { SettlementsConfig } from './settlements.config';

/** The settlements service: its module and its read models. */
export function settlementsApp(config: SettlementsConfig): ServiceApp {
  return {
    service: 'settlements',
    module: AppModule.register(config),
    config,
    readModels: SETTLEMENTS_READ_MODELS,
  };
}
