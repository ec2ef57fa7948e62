import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { DataSource } from 'typeorm';
import { AccountRow } from '../account/account.entity';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { FEATURES } from './account-features';
import type { Feature } from './account-features';
import { SwitchFeaturesDto } from './dtos/switch-features.dto';
import { FeatureRegistry } from './feature-registry';

type FeatureFlags = Record<Feature, boolean>;

/** Account features (dashboard settings on Razorpay), per mode, through the admin API. */
@Controller('admin/v1/accounts/:id/features')
@UseGuards(AdminTokenGuard)
export class AccountFeaturesController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly features: FeatureRegistry,
  ) {}

  @Get()
  async list(@Param('id') accountId: string): Promise<{ test: FeatureFlags; live: FeatureFlags }> {
    await this.exists(accountId);
    return {
      test: flags(await this.features.featuresOf(accountId, 'test')),
      live: flags(await this.features.featuresOf(accountId, 'live')),
    };
  }

  @Patch()
  async switch(
    @Param('id') accountId: string,
    @Body() body: SwitchFeaturesDto,
  ): Promise<{ mode: 'test' | 'live' } & FeatureFlags> {
    await this.exists(accountId);
    let enabled = await this.features.featuresOf(accountId, body.mode);
    for (const feature of FEATURES) {
      if (body[feature] !== undefined)
        enabled = await this.features.switch(accountId, body.mode, feature, body[feature]);
    }
    return { mode: body.mode, ...flags(enabled) };
  }

  private async exists(accountId: string): Promise<void> {
    if (!(await this.dataSource.manager.existsBy(AccountRow, { id: accountId })))
      throw new NotFound();
  }
}

function flags(enabled: readonly Feature[]): FeatureFlags {
  return Object.fromEntries(
    FEATURES.map((feature) => [feature, enabled.includes(feature)]),
  ) as FeatureFlags;
}
