import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateOfferDto } from './dtos/create-offer.dto';
import { toOfferEntity } from './dtos/offer.response';
import type { OfferEntity } from './dtos/offer.response';
import { getOfferDetails, listOfferDetails } from './offer-details/offer-details.query';
import { OfferService } from './offer.service';

/**
 * Offers are dashboard objects: made through the gateway's admin API
 * (`/admin/v1/accounts/:id/offers`), which calls these internal routes for the account and mode.
 */
@Controller('internal/offers')
export class OfferController {
  constructor(
    private readonly offers: OfferService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateOfferDto): Promise<OfferEntity> {
    return this.offers.create(caller, body);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<OfferEntity>> {
    return toCollection((await listOfferDetails(this.database, caller, query)).map(toOfferEntity));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<OfferEntity> {
    const row = orNotFound(await getOfferDetails(this.database, caller, id));
    return toOfferEntity(row);
  }

  /** An inactive offer can no longer be linked; subscriptions that have it keep it. */
  @Post(':id/deactivate')
  @HttpCode(200)
  deactivate(@Caller() caller: RequestContext, @Param('id') id: string): Promise<OfferEntity> {
    return this.offers.deactivate(caller, id);
  }
}
