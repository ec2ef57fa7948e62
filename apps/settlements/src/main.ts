import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { AppModule } from './app.module';
import { SettlementsConfig } from './settlements.config';

void runService(() => {
  const config = loadConfig(SettlementsConfig);
  return { service: 'settlements', module: AppModule.register(config), config };
});
