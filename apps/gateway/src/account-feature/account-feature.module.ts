import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { AccountFeaturesController } from './account-features.controller';
import { FeatureRegistry } from './feature-registry';

@Module({
  controllers: [AccountFeaturesController],
  providers: [FeatureRegistry, AdminTokenGuard],
  exports: [FeatureRegistry],
})
export class AccountFeatureModule {}
