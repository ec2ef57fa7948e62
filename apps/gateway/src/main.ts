import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { gatewayApp } from './gateway-app';
import { GatewayConfig } from './gateway.config';

void runService(() => gatewayApp(loadConfig(GatewayConfig)));
