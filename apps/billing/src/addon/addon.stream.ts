import type { CommandSpec } from '@platform/event-store';
import { addonDetailsProjection } from './addon-details/addon-details.projection';
import type { AddonCommand } from './addon.commands';
import { ADDON_STREAM, addonDecider } from './addon.decider';
import type { Addon } from './addon.decider';
import type { AddonEvent } from './addon.events';

/** A command on an add-on stream, with its read model. */
export function onAddon(
  addonId: string,
  command: AddonCommand,
  isNew = false,
): CommandSpec<Addon, AddonCommand, AddonEvent> {
  return {
    decider: addonDecider,
    streamType: ADDON_STREAM,
    streamId: addonId,
    command,
    isNew,
    projections: [addonDetailsProjection],
  };
}
