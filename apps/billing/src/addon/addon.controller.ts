import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { AddonService } from './addon.service';
import { getAddonDetails, listAddonDetails } from './addon-details/addon-details.query';
import { toAddonEntity } from './dtos/addon.response';
import type { AddonEntity } from './dtos/addon.response';

@Controller('v1')
export class AddonController {
  constructor(
    private readonly addons: AddonService,
    private readonly database: Database,
  ) {}

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
