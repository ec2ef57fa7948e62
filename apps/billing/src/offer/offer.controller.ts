import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { newId, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller, DEFAULT_CURRENCY, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { CreateOfferDto } from './dtos/create-offer.dto';
import { offerDetailsProjection } from './offer-details/offer-details.projection';
import { getOfferDetails, listOfferDetails } from './offer-details/offer-details.query';
import type { OfferCommand } from './offer.decider';
import { OFFER_STREAM, offerDecider } from './offer.decider';
import { toOfferEntity } from './dtos/offer.response';
import type { OfferEntity } from './dtos/offer.response';

/**
 * Offers are dashboard objects: made through the gateway's admin API
 * (`/admin/v1/accounts/:id/offers`), which calls these internal routes for the account and mode.
 */
@Controller('internal/offers')
export class OfferController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  async create(
    @Caller() caller: RequestContext,
    @Body() body: CreateOfferDto,
  ): Promise<OfferEntity> {
    const offerId = newId('offer');
    const terms = {
      name: body.name,
      displayText: body.display_text ?? null,
      currency: body.currency ?? DEFAULT_CURRENCY,
      discountType: body.discount_type,
      discountPercent: body.discount_percent ?? null,
      discountAmount: body.discount_amount ?? null,
      maxDiscount: body.max_discount ?? null,
      cycles: body.cycles ?? null,
    };
    return this.run(
      offerId,
      { type: 'CreateOffer', data: { offerId, terms }, metadata: this.clock.metadata(caller) },
      true,
    );
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
    const row = await getOfferDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toOfferEntity(row);
  }

  /** An inactive offer can no longer be linked; subscriptions that have it keep it. */
  @Post(':id/deactivate')
  @HttpCode(200)
  deactivate(@Caller() caller: RequestContext, @Param('id') id: string): Promise<OfferEntity> {
    return this.run(id, {
      type: 'DeactivateOffer',
      data: {},
      metadata: this.clock.metadata(caller),
    });
  }

  private async run(offerId: string, command: OfferCommand, isNew = false): Promise<OfferEntity> {
    const { stream } = await this.handler.handle({
      decider: offerDecider,
      streamType: OFFER_STREAM,
      streamId: offerId,
      command,
      isNew,
      projections: [offerDetailsProjection],
    });
    const row = offerDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toOfferEntity(row);
  }
}
