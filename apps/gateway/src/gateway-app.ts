import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServiceApp } from '@platform/service-kit';
import { FeatureRegistry } from './account-feature/feature-registry';
import { AdminTokenGuard, checkAdminTokenFirst } from './account/admin-token.guard';
import { ApiKeyRegistry } from './account/api-key-registry';
import { AppModule } from './app.module';
import { AuthFailures } from './cache/auth-failures';
import { checkoutPlugin } from './checkout/checkout.plugin';
import { dashboardPlugin } from './dashboard/dashboard.plugin';
import { docsPlugin } from './docs/docs.plugin';
import { GENERATED_DOCUMENT } from './docs/generated-document';
import type { GeneratedDocument } from './docs/generated-document';
import { IdempotencyStore } from './idempotency/idempotency-store';
import type { GatewayConfig } from './gateway.config';
import { proxyPlugin } from './proxy/proxy.plugin';
import { publicPagesPlugin } from './proxy/public-pages.plugin';
import { routesByAuthentication, routesOf } from './proxy/route-table';
import { TestClockRegistry } from './test-clock/test-clock.registry';

/**
 * The gateway: the public edge (no internal token), with the /v1 proxy, Checkout, the public pages
 * (QR images, bill receipts, invoice and subscription pages, the test bank's), /docs and the
 * /dashboard next to Nest's admin API. Its routes are the document's operations (`document`: the
 * generated one, unless a test gives another).
 */
export function gatewayApp(
  config: GatewayConfig,
  document: GeneratedDocument = GENERATED_DOCUMENT,
): ServiceApp {
  const routes = routesByAuthentication(routesOf(document));
  const upstreams = {
    billing: config.BILLING_URL,
    payments: config.PAYMENTS_URL,
    settlements: config.SETTLEMENTS_URL,
    webhooks: config.WEBHOOKS_URL,
  };
  return {
    service: 'gateway',
    module: AppModule.register(config),
    config,
    internalOnly: false,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    configure: async (app: NestFastifyApplication) => {
      // One count of failed authentications per client network and per credential, whichever way
      // a key (or the admin token) was presented.
      const failures = new AuthFailures({
        perNetworkPerMinute: config.AUTH_FAILURES_PER_MINUTE,
        perCredentialPerMinute: config.AUTH_FAILURES_PER_KEY_PER_MINUTE,
      });
      checkAdminTokenFirst(
        app.getHttpAdapter().getInstance(),
        app.get(AdminTokenGuard, { strict: false }),
        failures,
      );
      const registries = {
        keys: app.get<ApiKeyRegistry>(ApiKeyRegistry),
        clocks: app.get<TestClockRegistry>(TestClockRegistry),
        features: app.get<FeatureRegistry>(FeatureRegistry),
        idempotency: app.get<IdempotencyStore>(IdempotencyStore),
      };
      await app.register(docsPlugin);
      await app.register(dashboardPlugin, { directory: config.DASHBOARD_DIR });
      await app.register(publicPagesPlugin, {
        upstreams: { billing: config.BILLING_URL, payments: config.PAYMENTS_URL },
        internalToken: config.INTERNAL_TOKEN,
        perAddressPerMinute: config.PUBLIC_PAGE_ADDRESS_REQUESTS_PER_MINUTE,
      });
      await app.register(checkoutPlugin, {
        ...registries,
        routes: routes.keyIdOnly,
        failures,
        upstreams,
        internalToken: config.INTERNAL_TOKEN,
        directory: config.CHECKOUT_DIR,
        limits: {
          perKeyPerMinute: config.CHECKOUT_KEY_REQUESTS_PER_MINUTE,
          perAddressPerMinute: config.CHECKOUT_ADDRESS_REQUESTS_PER_MINUTE,
        },
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
      });
      await app.register(proxyPlugin, {
        ...registries,
        routes: routes.keyPair,
        failures,
        upstreams,
        internalToken: config.INTERNAL_TOKEN,
        rateLimitPerSecond: config.RATE_LIMIT_PER_SECOND,
        bodyLimitBytes: config.BODY_LIMIT_BYTES,
      });
    },
  };
}
