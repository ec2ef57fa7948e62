import { commandsOn } from '@platform/event-store';
import { addonDetailsProjection } from './addon-details/addon-details.projection';
import { ADDON_STREAM, addonDecider } from './addon.decider';

/** A command on an add-on stream, with its read model. */
export const onAddon = commandsOn({
  decider: addonDecider,
  streamType: ADDON_STREAM,
  projections: [addonDetailsProjection],
});
