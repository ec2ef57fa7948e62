import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventStoreSchema1763800000000 } from '@platform/event-store';
import { ServiceKitModule } from '@platform/service-kit';
import { AccountRow } from './account/account.entity';
import { DeadLettersAdminModule } from './dead-letter-admin/dead-letters-admin.module';
import { AccountFeatureModule } from './account-feature/account-feature.module';
import { AccountOffersModule } from './offer/account-offers.module';
import { AccountFeatures1763900000600 } from './account-feature/account-feature.migration';
import { AccountModule } from './account/account.module';
import { ApiKeyRow } from './account/api-key.entity';
import { ApiKeySealedSecrets1766100000000 } from './account/api-key-sealed-secret.migration';
import { Accounts1763800000300 } from './account/gateway.migration';
import type { GatewayConfig } from './gateway.config';
import { IdempotencyKeyHolders1764200000200 } from './idempotency/idempotency-holder.migration';
import { IdempotencyKeys1764200000100 } from './idempotency/idempotency.migration';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { AccountSettlementsModule } from './settlement-admin/account-settlements.module';
import { TestClockModule } from './test-clock/test-clock.module';
import { TestClocks1763900000300 } from './test-clock/test-clock.migration';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // The outbox (of the event-store schema) carries the gateway's own events: test_clock.advanced.
        ServiceKitModule.forRoot({
          service: 'gateway',
          config,
          entities: [AccountRow, ApiKeyRow],
          migrations: [
            Accounts1763800000300,
            EventStoreSchema1763800000000,
            TestClocks1763900000300,
            AccountFeatures1763900000600,
            IdempotencyKeys1764200000100,
            IdempotencyKeyHolders1764200000200,
            ApiKeySealedSecrets1766100000000,
          ],
          relay: true,
        }),
        AccountModule,
        AccountFeatureModule,
        TestClockModule,
        AccountOffersModule,
        AccountSettlementsModule,
        DeadLettersAdminModule,
        IdempotencyModule,
      ],
    };
  }
}
