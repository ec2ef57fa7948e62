import { Injectable } from '@nestjs/common';
import { newId } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import { DEFAULT_CURRENCY } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { CreateOfferDto } from './dtos/create-offer.dto';
import { toOfferEntity } from './dtos/offer.response';
import type { OfferEntity } from './dtos/offer.response';
import { offerDetailsProjection } from './offer-details/offer-details.projection';
import type { OfferCommand } from './offer.commands';
import { onOffer } from './offer.stream';

/** The offer use cases: the admin API's input becomes a command for the offer decider. */
@Injectable()
export class OfferService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  create(caller: RequestContext, dto: CreateOfferDto): Promise<OfferEntity> {
    const offerId = newId('offer');
    const terms = {
      name: dto.name,
      displayText: dto.display_text ?? null,
      currency: dto.currency ?? DEFAULT_CURRENCY,
      discountType: dto.discount_type,
      discountPercent: dto.discount_percent ?? null,
      discountAmount: dto.discount_amount ?? null,
      maxDiscount: dto.max_discount ?? null,
      cycles: dto.cycles ?? null,
    };
    return this.run(
      offerId,
      { type: 'CreateOffer', data: { offerId, terms }, metadata: this.clock.metadata(caller) },
      true,
    );
  }

  /** An inactive offer can no longer be linked; subscriptions that have it keep it. */
  deactivate(caller: RequestContext, offerId: string): Promise<OfferEntity> {
    return this.run(offerId, {
      type: 'DeactivateOffer',
      data: {},
      metadata: this.clock.metadata(caller),
    });
  }

  private async run(offerId: string, command: OfferCommand, isNew = false): Promise<OfferEntity> {
    const { stream } = await this.handler.handle(onOffer(offerId, command, isNew));
    const row = orNotFound(offerDetailsProjection.view(stream));
    return toOfferEntity(row);
  }
}
