import 'reflect-metadata';
import { loadConfig, runService } from '@platform/service-kit';
import { PaymentsConfig } from './payments.config';
import { paymentsApp } from './payments-app';

void runService(() => paymentsApp(loadConfig(PaymentsConfig)));
