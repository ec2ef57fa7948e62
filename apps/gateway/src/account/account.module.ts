import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { AdminTokenGuard } from './admin-token.guard';
import { ApiKeyRegistry } from './api-key-registry';

@Module({
  controllers: [AccountsController],
  providers: [ApiKeyRegistry, AdminTokenGuard],
  exports: [ApiKeyRegistry],
})
export class AccountModule {}
