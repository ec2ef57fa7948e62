import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceApp } from '@platform/service-kit';
import { AppModule, PAYMENTS_READ_MODELS } from './app.module';
import { MULTIPART_LIMITS } from './document/dtos/document-upload';
import type { PaymentsConfig } from './payments.config';

/** The payments service: its module, its read models, and multipart bodies for document uploads. */
export function paymentsApp(config: PaymentsConfig): ServiceApp {
  return {
    service: 'payments',
    module: AppModule.register(config),
    config,
    readModels: PAYMENTS_READ_MODELS,
    configure: async (app: NestFastifyApplication) => {
      await app.register(multipart, { limits: MULTIPART_LIMITS });
    },
  };
}
