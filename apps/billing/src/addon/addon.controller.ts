import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { AddonDto } from './dtos/create-addon.dto';
import { AddonService } from './addon.service';
import { getAddonDetails, listAddonDetails } from './addon-details/addon-details.query';
import { toAddonEntity } from './dtos/addon.response';
import type { AddonEntity } from './dtos/addon.response';
import { CatchUp } from '@platform/service-kit';

@ApiTags('Subscriptions')
@Controller('v1')
export class AddonController {
  constructor(
    private readonly addons: AddonService,
    private readonly database: Database,
  ) {}

  /**
   * Add an add-on to a subscription
   *
   * @remarks **Add-ons.** One-off charges on a subscription: upfront `addons` at creation are
   * charged by the authorization payment (on the first cycle's invoice, or, with
   * `start_at`, on an invoice of their own); POST /v1/subscriptions/{id}/addons adds one
   * later, charged on the subscription's **next cycle invoice** (a line of `type: addon`,
   * name, description, amount and quantity as given), which then sets its `invoice_id`.
   * While `invoice_id` is null it waits for that invoice and DELETE /v1/addons/{id}
   * removes it; once invoiced it can no longer be deleted. A subscription still `created`
   * without `start_at` has its first invoice issued already, so its add-ons go on the
   * second cycle; a paused one bills no cycle until it is resumed. A final subscription
   * (cancelled, completed, expired) takes no add-ons.
   *
   * Refused: a final subscription ("The subscription is cancelled: it takes no add-ons.",
   * and likewise completed or expired); an item in another currency than the plan's ("The
   * item.currency must be the plan currency (INR).", field `item.currency`).
   *
   * @returns The add-on, `invoice_id` null until the next cycle invoice charges it
   */
  @EntityIdParam('subscription', 'sub')
  @CatchUp()
  @Post('subscriptions/:id/addons')
  @HttpCode(200)
  createAddon(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: AddonDto,
  ): Promise<AddonEntity> {
    return this.addons.create(caller, id, body);
  }

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
