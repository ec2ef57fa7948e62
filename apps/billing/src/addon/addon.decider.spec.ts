import { AlreadyExists, IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import type { AddonCommand } from './addon.commands';
import { addonDecider } from './addon.decider';
import type { AddonEvent } from './addon.events';

const NOW = 1_700_000_000_000;
const metadata = { accountId: 'acc_Test0000000001', mode: 'test' as const, now: NOW };
const item = { name: 'Extra storage', description: null, amount: 15000, currency: 'INR' };
const created: AddonEvent = {
  type: 'AddonCreated',
  data: {
    addonId: 'ao_1',
    subscriptionId: 'sub_1',
    itemId: 'item_1',
    item,
    quantity: 2,
    createdAt: NOW,
  },
};
const billed = (invoiceId: string): AddonEvent => ({
  type: 'AddonBilled',
  data: { invoiceId, at: NOW },
});
const command = (type: AddonCommand['type'], data: Record<string, unknown> = {}) =>
  ({ type, data, metadata }) as AddonCommand;

const given = DeciderSpecification.for(addonDecider);
/** The command `created` answers. */
const create = command('CreateAddon', {
  addonId: 'ao_1',
  subscriptionId: 'sub_1',
  itemId: 'item_1',
  item,
  quantity: 2,
});

describe('Add-on', () => {
  it('is created once', () => {
    given([]).when(create).then([created]);
    given([created]).when(create).thenThrows(AlreadyExists);
  });

  it('is taken by one invoice; the same invoice again changes nothing, another is refused', () => {
    given([created])
      .when(command('BillAddon', { invoiceId: 'inv_1' }))
      .then([billed('inv_1')]);
    given([created, billed('inv_1')])
      .when(command('BillAddon', { invoiceId: 'inv_1' }))
      .then([]);
    given([created, billed('inv_1')])
      .when(command('BillAddon', { invoiceId: 'inv_2' }))
      .thenThrows(IllegalTransition);
  });

  it('is deleted only while unbilled, and is unknown afterwards', () => {
    const deleted: AddonEvent = { type: 'AddonDeleted', data: { at: NOW } };
    given([created]).when(command('DeleteAddon')).then([deleted]);
    given([created, billed('inv_1')])
      .when(command('DeleteAddon'))
      .thenThrows(
        (error: unknown) =>
          error instanceof IllegalTransition &&
          error.description === 'The add-on is on an invoice already and cannot be deleted.',
      );
    given([created, deleted]).when(command('DeleteAddon')).thenThrows(NotFound);
    given([created, deleted])
      .when(command('BillAddon', { invoiceId: 'inv_1' }))
      .thenThrows(IllegalTransition);
    given([]).when(command('DeleteAddon')).thenThrows(NotFound);
  });
});
