import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
} from '@platform/domain-kit';
import type { AddonCommand, BillAddon, CreateAddon, DeleteAddon } from './addon.commands';
import type { AddonEvent, AddonItem } from './addon.events';

export const ADDON_STREAM = 'addon';

export type Addon =
  | { status: 'new' }
  | { status: 'deleted' }
  | {
      status: 'unbilled' | 'billed';
      subscriptionId: string;
      item: AddonItem;
      quantity: number;
      invoiceId: string | null;
    };

export const initialState = (): Addon => ({ status: 'new' });

export function evolve(state: Addon, event: AddonEvent): Addon {
  switch (event.type) {
    case 'AddonCreated':
      return {
        status: 'unbilled',
        subscriptionId: event.data.subscriptionId,
        item: event.data.item,
        quantity: event.data.quantity,
        invoiceId: null,
      };
    case 'AddonBilled':
      return state.status === 'unbilled'
        ? { ...state, status: 'billed', invoiceId: event.data.invoiceId }
        : state;
    case 'AddonDeleted':
      return { status: 'deleted' };
    default:
      return assertUnreachable(event);
  }
}

export function create(command: CreateAddon, state: Addon): AddonEvent {
  if (state.status !== 'new') throw new AlreadyExists('The add-on already exists.');
  return { type: 'AddonCreated', data: { ...command.data, createdAt: command.metadata.now } };
}

/** The next cycle's invoice takes it; an add-on taken already (by this invoice, on a retry) changes nothing. */
export function bill(command: BillAddon, state: Addon): AddonEvent[] {
  if (state.status === 'billed' && state.invoiceId === command.data.invoiceId) return [];
  if (state.status !== 'unbilled')
    throw new IllegalTransition('The add-on is not waiting for an invoice.');
  return [
    { type: 'AddonBilled', data: { invoiceId: command.data.invoiceId, at: command.metadata.now } },
  ];
}

export function remove(command: DeleteAddon, state: Addon): AddonEvent {
  if (state.status === 'new' || state.status === 'deleted') throw new NotFound();
  if (state.status === 'billed')
    throw new IllegalTransition('The add-on is on an invoice already and cannot be deleted.');
  return { type: 'AddonDeleted', data: { at: command.metadata.now } };
}

export function decide(command: AddonCommand, state: Addon): AddonEvent | AddonEvent[] {
  switch (command.type) {
    case 'CreateAddon':
      return create(command, state);
    case 'BillAddon':
      return bill(command, state);
    case 'DeleteAddon':
      return remove(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const addonDecider = { decide, evolve, initialState };
export const addonKind = { streamType: ADDON_STREAM, decider: addonDecider };
