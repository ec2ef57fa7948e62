import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { AddonService } from './addon.service';
import { getAddonDetails, listAddonDetails } from './addon-details/addon-details.query';
import { toAddonEntity } from './dtos/addon.response';
import type { AddonEntity } from './dtos/addon.response';

@ApiTags('Subscriptions')
@Controller('v1')
export class AddonController {
  constructor(
    private readonly addons: AddonService,
    private readonly database: Database,
  ) {}

  /**
   * List add-ons, newest first
   *
   * @remarks Every add-on of the account and mode added by POST /v1/subscriptions/{id}/addons,
   * invoiced or not; deleted ones are not listed.
   *
   * @returns A page of add-ons
   */
  @Get('addons')
  async listAddons(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<AddonEntity>> {
    return toCollection((await listAddonDetails(this.database, caller, query)).map(toAddonEntity));
  }

  /**
   * Fetch an add-on
   *
   * @returns The add-on
   */
  @EntityIdParam('add-on', 'ao')
  @Get('addons/:id')
  async fetchAddon(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<AddonEntity> {
    const row = orNotFound(await getAddonDetails(this.database, caller, id));
    return toAddonEntity(row);
  }

  /**
   * Delete an add-on not invoiced yet
   *
   * @remarks Only while `invoice_id` is null: the next cycle invoice will not charge it, and it is
   * gone (fetching it again: "The id provided does not exist"). Once on an invoice: "The
   * add-on is on an invoice already and cannot be deleted.".
   *
   * @returns An empty array
   */
  // Unbilled add-ons only; answers `[]`.
  @EntityIdParam('add-on', 'ao')
  @Delete('addons/:id')
  async deleteAddon(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.addons.remove(caller, id);
    return [];
  }
}
