import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventStoreSchema1763800000000 } from '@platform/event-store';
import { ServiceKitModule } from '@platform/service-kit';
import type { SettlementsConfig } from './settlements.config';

/** Ledger, settlements and recon come with the settlements issue; the service already runs and reports health. */
@Module({})
export class AppModule {
  static register(config: SettlementsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ service: 'settlements', config, entities: [], migrations: [EventStoreSchema1763800000000], relay: true })],
    };
  }
}
