import { AlreadyExists, fold, NotFound, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import type { ItemCommand } from './item.commands';
import { itemDecider } from './item.decider';
import type { ItemDetails, ItemEvent } from './item.events';

const ITEM_ID = 'item_AbCdEfGhIjKlMn';
const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const metadata = (now = NOW): CommandMetadata => ({
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now,
});
const details = (overrides: Partial<ItemDetails> = {}): ItemDetails => ({
  name: 'Tea',
  description: null,
  amount: 500,
  currency: 'INR',
  active: true,
  ...overrides,
});
const created = (overrides: Partial<ItemDetails> = {}): ItemEvent => ({
  type: 'ItemCreated',
  data: { itemId: ITEM_ID, details: details(overrides), createdAt: NOW },
});
const create = (overrides: Partial<ItemDetails> = {}): ItemCommand => ({
  type: 'CreateItem',
  data: { itemId: ITEM_ID, details: details(overrides) },
  metadata: metadata(),
});
const update = (changes: Partial<ItemDetails>): ItemCommand => ({
  type: 'UpdateItem',
  data: { changes },
  metadata: metadata(LATER),
});
const remove: ItemCommand = { type: 'DeleteItem', data: {}, metadata: metadata(LATER) };
const invalidAmount = (error: unknown) =>
  error instanceof ValidationFailed && error.field === 'amount';

const given = DeciderSpecification.for(itemDecider);

describe('Item', () => {
  describe('when it does not exist', () => {
    it('is created, active, with its details and the time', () => {
      given([]).when(create()).then([created()]);
    });

    it('is created at the smallest price, 1', () => {
      given([])
        .when(create({ amount: 1 }))
        .then([created({ amount: 1 })]);
    });

    it('refuses a price of 0', () => {
      given([])
        .when(create({ amount: 0 }))
        .thenThrows(invalidAmount);
    });

    it.each([update({ name: 'x' }), remove])('cannot be updated or deleted', (command) => {
      given([]).when(command).thenThrows(NotFound);
    });
  });

  describe('when created', () => {
    it('records the fields that change, with the time', () => {
      given([created()])
        .when(update({ amount: 550, name: 'Tea' }))
        .then([{ type: 'ItemUpdated', data: { changes: { amount: 550 }, updatedAt: LATER } }]);
    });

    it('records nothing for an update that changes nothing', () => {
      given([created()])
        .when(update({ name: 'Tea', currency: 'INR' }))
        .thenNothingHappened();
    });

    it('is switched off and on with active', () => {
      given([created()])
        .when(update({ active: false }))
        .then([{ type: 'ItemUpdated', data: { changes: { active: false }, updatedAt: LATER } }]);
      expect(
        fold(itemDecider, [
          created(),
          { type: 'ItemUpdated', data: { changes: { active: false }, updatedAt: LATER } },
        ]),
      ).toEqual({ status: 'present', details: details({ active: false }) });
    });

    it('refuses a new price of 0', () => {
      given([created()])
        .when(update({ amount: 0 }))
        .thenThrows(invalidAmount);
    });

    it('cannot be created again', () => {
      given([created()]).when(create()).thenThrows(AlreadyExists);
    });

    it('is deleted', () => {
      given([created()])
        .when(remove)
        .then([{ type: 'ItemDeleted', data: { deletedAt: LATER } }]);
    });
  });

  describe('when deleted', () => {
    const history: ItemEvent[] = [created(), { type: 'ItemDeleted', data: { deletedAt: LATER } }];

    it.each([update({ name: 'Back' }), remove])(
      'is gone: neither updated nor deleted again',
      (command) => {
        given(history).when(command).thenThrows(NotFound);
      },
    );
  });
});
