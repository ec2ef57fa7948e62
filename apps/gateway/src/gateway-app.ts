import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceApp } from '@platform/service-kit';
import { FeatureRegistry } from './account-feature/feature-registry';
import { AdminTokenGuard, checkAdminTokenFirst } from './account/admin-token.guard';
import { ApiKeyRegistry } from './account/api-key-registry';
import { AppModule } from './app.module';
import { dashboardPlugin } from './dashboard/dashboard.plugin';
import { docsPlugin } from './docs/docs.plugin';
import { IdempotencyStore } from './idempotency/idempotency-store';
import type { GatewayConfig } from './gateway.config';
import { proxyPlugin } from './proxy/proxy.plugin';
import { publicPagesPlugin } from './proxy/public-pages.plugin';
import { TestClockRegistry } from './test-clock/test-clock.registry';

/** The gateway: the public edge (no internal token), with the /v1 proxy, the public pages (QR images, bill receipts), /docs and the /dashboard next to Nest's admin API. */
export function gatewayApp(config: GatewayConfig): ServiceApp {
  return {
    service: 'gateway',
    module: AppModule.register(config),
    config,
    internalOnly: false,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    configure: async (app: NestFastifyApplication) => {
      checkAdminTokenFirst(
        app.getHttpAdapter().getInstance(),
        app.get(AdminTokenGuard, { strict: false }),
      );
      await app.register(docsPlugin);
      await app.register(dashboardPlugin, { directory: config.DASHBOARD_DIR });
      await app.register(publicPagesPlugin, {
        upstreams: { billing: config.BILLING_URL, payments: config.PAYMENTS_URL },
        internalToken: config.INTERNAL_TOKEN,
      });
      await app.register(proxyPlugin, {
        keys: app.get<ApiKeyRegistry>(ApiKeyRegistry),
        clocks: app.get<TestClockRegistry>(TestClockRegistry),
        features: app.get<FeatureRegistry>(FeatureRegistry),
        idempotency: app.get<IdempotencyStore>(IdempotencyStore),
        upstreams: {
          billing: config.BILLING_URL,
          payments: config.PAYMENTS_URL,
          settlements: config.SETTLEMENTS_URL,
          webhooks: config.WEBHOOKS_URL,
        },
        internalToken: config.INTERNAL_TOKEN,
        rateLimitPerSecond: config.RATE_LIMIT_PER_SECOND,
        authFailuresPerMinute: config.AUTH_FAILURES_PER_MINUTE,
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
      });
    },
  };
}
