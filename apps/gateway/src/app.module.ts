import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@platform/service-kit';
import { AccountRow } from './account/account.entity';
import { AccountModule } from './account/account.module';
import { ApiKeyRow } from './account/api-key.entity';
import { Accounts1763800000300 } from './account/gateway.migration';
import type { GatewayConfig } from './gateway.config';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ service: 'gateway', config, entities: [AccountRow, ApiKeyRow], migrations: [Accounts1763800000300], relay: false }), AccountModule],
    };
  }
}
