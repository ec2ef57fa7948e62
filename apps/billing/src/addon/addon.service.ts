import { Injectable } from '@nestjs/common';
import { IllegalTransition, newId, NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import { DEFAULT_CURRENCY } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { AddonDto } from './dtos/create-addon.dto';
import { isFinal } from '../subscription/subscription-status';
import { subscriptionKind } from '../subscription/subscription.decider';
import { addonDetailsProjection } from './addon-details/addon-details.projection';
import type { AddonEntity } from './dtos/addon.response';
import { toAddonEntity } from './dtos/addon.response';
import { onAddon } from './addon.stream';

/** Add-ons added to a subscription after its start: its next cycle's invoice charges them. */
@Injectable()
export class AddonService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  async create(
    caller: RequestContext,
    subscriptionId: string,
    dto: AddonDto,
  ): Promise<AddonEntity> {
    const metadata = this.clock.metadata(caller);
    const addonId = newId('ao');
    const item = {
      name: dto.item.name,
      description: dto.item.description ?? null,
      amount: dto.item.amount,
      currency: dto.item.currency ?? DEFAULT_CURRENCY,
    };
    const addon = await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const { state } = await unit.read(subscriptionKind, subscriptionId);
        if (state.status === 'new') throw new NotFound();
        if (isFinal(state.status))
          throw new IllegalTransition(`The subscription is ${state.status}: it takes no add-ons.`);
        if (item.currency !== state.terms.plan.currency)
          throw new ValidationFailed(
            `The item.currency must be the plan currency (${state.terms.plan.currency}).`,
            'item.currency',
          );
        return unit.decide(
          onAddon(
            addonId,
            {
              type: 'CreateAddon',
              data: {
                addonId,
                subscriptionId,
                itemId: newId('item'),
                item,
                quantity: dto.quantity ?? 1,
              },
              metadata,
            },
            true,
          ),
        );
      },
    });
    const row = orNotFound(addonDetailsProjection.view(addon.stream));
    return toAddonEntity(row);
  }

  async remove(caller: RequestContext, addonId: string): Promise<void> {
    await this.handler.handle(
      onAddon(addonId, { type: 'DeleteAddon', data: {}, metadata: this.clock.metadata(caller) }),
    );
  }
}
