import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { SettlementsConfig } from './settlements.config';
import { settlementsApp } from './settlements-app';

void runService(() => settlementsApp(loadConfig(SettlementsConfig)));
