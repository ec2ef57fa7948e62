import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { AddonDto } from './dtos/create-addon.dto';
import { AddonService } from './addon.service';
import { getAddonDetails, listAddonDetails } from './addon-details/addon-details.query';
import { toAddonEntity } from './dtos/addon.response';
import type { AddonEntity } from './dtos/addon.response';
import { CatchUp } from '@platform/service-kit';

@Controller('v1')
export class AddonController {
  constructor(
    private readonly addons: AddonService,
    private readonly database: Database,
  ) {}

  /** Added to the subscription's next cycle invoice (`invoice_id` is set then, and it can no longer be deleted). */
  @CatchUp()
  @Post('subscriptions/:id/addons')
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: AddonDto,
  ): Promise<AddonEntity> {
    return this.addons.create(caller, id, body);
  }

  @Get('addons')
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<AddonEntity>> {
    return toCollection((await listAddonDetails(this.database, caller, query)).map(toAddonEntity));
  }

  @Get('addons/:id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<AddonEntity> {
    const row = orNotFound(await getAddonDetails(this.database, caller, id));
    return toAddonEntity(row);
  }

  /** Unbilled add-ons only; answers `[]`. */
  @Delete('addons/:id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.addons.remove(caller, id);
    return [];
  }
}
