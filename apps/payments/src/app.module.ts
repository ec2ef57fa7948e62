import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventStoreSchema1763800000000 } from '@platform/event-store';
import { ServiceKitModule } from '@platform/service-kit';
import { CustomerDirectoryRow } from './customer-directory/customer-directory.entity';
import { CustomerDirectory1763800000200 } from './customer-directory/customer-directory.migration';
import { CustomerDirectoryModule } from './customer-directory/customer-directory.module';
import type { PaymentsConfig } from './payments.config';

/** The consumer group of payments' Kafka handlers. */
export const PAYMENTS_CONSUMER_GROUP = 'payments';

@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ service: 'payments', config, entities: [CustomerDirectoryRow], migrations: [EventStoreSchema1763800000000, CustomerDirectory1763800000200], relay: true, consumerGroup: PAYMENTS_CONSUMER_GROUP }),
        CustomerDirectoryModule,
      ],
    };
  }
}
