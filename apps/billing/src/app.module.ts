import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { EventStoreSchema1763800000000 } from '@platform/event-store';
import { ServiceKitModule } from '@platform/service-kit';
import type { BillingConfig } from './billing.config';
import { CustomerDetailsRow } from './customer/customer-details/customer-details.entity';
import { CustomerDetails1763800000100 } from './customer/customer-details/customer-details.migration';
import { CustomerModule } from './customer/customer.module';
import { CUSTOMER_STREAM } from './customer/customer.decider';
import { customerDetailsProjection } from './customer/customer-details/customer-details.projection';

export const BILLING_ENTITIES = [CustomerDetailsRow];
export const BILLING_READ_MODELS = { streamTypes: [CUSTOMER_STREAM], projections: [customerDetailsProjection] };
export const BILLING_MIGRATIONS = [EventStoreSchema1763800000000, CustomerDetails1763800000100];

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ service: 'billing', config, entities: BILLING_ENTITIES, migrations: BILLING_MIGRATIONS, relay: true }), CustomerModule],
    };
  }
}
