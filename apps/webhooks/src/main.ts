import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { WebhooksConfig } from './webhooks.config';
import { webhooksApp } from './webhooks-app';

void runService(() => webhooksApp(loadConfig(WebhooksConfig)));
