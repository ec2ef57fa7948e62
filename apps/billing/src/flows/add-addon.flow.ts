import { IllegalTransition, NotFound, ValidationFailed } from '@platform/domain-kit';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { DEFAULT_CURRENCY } from '@platform/http';
import { addonDetailsProjection } from '../addon/addon-details/addon-details.projection';
import type { Addon } from '../addon/addon.decider';
import type { AddonEvent } from '../addon/addon.events';
import { onAddon } from '../addon/addon.stream';
import { toAddonEntity } from '../addon/dtos/addon.response';
import type { AddonEntity } from '../addon/dtos/addon.response';
import type { AddonDto } from '../common/dtos/addon.dto';
import { isFinal } from '../subscription/subscription-status';
import { subscriptionKind } from '../subscription/subscription.decider';

export interface AddAddonInput extends FlowInput {
  subscriptionId: string;
  ids: { addonId: string; itemId: string };
  dto: AddonDto;
}

/**
 * POST /v1/subscriptions/:id/addons: an add-on charged by the subscription's next cycle invoice. The
 * subscription must be live and in the add-on's currency; it is read, not changed (its next cycle
 * finds the add-on unbilled).
 */
export const addAddonFlow: Flow<
  AddAddonInput,
  null,
  CommandResult<Addon, AddonEvent>,
  AddonEntity
> = {
  load: async (reader, { subscriptionId, dto }) => {
    const { state } = await reader.read(subscriptionKind, subscriptionId);
    if (state.status === 'new') throw new NotFound();
    if (isFinal(state.status))
      throw new IllegalTransition(`The subscription is ${state.status}: it takes no add-ons.`);
    const currency = dto.item.currency ?? DEFAULT_CURRENCY;
    if (currency !== state.terms.plan.currency)
      throw new ValidationFailed(
        `The item.currency must be the plan currency (${state.terms.plan.currency}).`,
        'item.currency',
      );
    return null;
  },

  decide: (unit, _loaded, { subscriptionId, ids, dto, metadata }) => {
    const item = {
      name: dto.item.name,
      description: dto.item.description ?? null,
      amount: dto.item.amount,
      currency: dto.item.currency ?? DEFAULT_CURRENCY,
    };
    const { addonId, itemId } = ids;
    const data = { addonId, subscriptionId, itemId, item, quantity: dto.quantity ?? 1 };
    return unit.decide(onAddon(addonId, { type: 'CreateAddon', data, metadata }, true));
  },

  // The add-on publishes its own events.
  publish: () => [],

  answer: (addon) => toAddonEntity(orNotFound(addonDetailsProjection.view(addon.stream))),
};
