import { AlreadyExists, assertUnreachable, NotFound, ValidationFailed } from '@platform/domain-kit';
import type { CreateItem, DeleteItem, ItemCommand, UpdateItem } from './item.commands';
import type { ItemDetails, ItemEvent } from './item.events';

export const ITEM_STREAM = 'item';
/** The smallest item price: one paisa (an invoice's total has its own minimum). */
export const MIN_ITEM_AMOUNT = 1;

export type Item =
  { status: 'new' } | { status: 'deleted' } | { status: 'present'; details: ItemDetails };

export const initialState = (): Item => ({ status: 'new' });

export function evolve(state: Item, event: ItemEvent): Item {
  switch (event.type) {
    case 'ItemCreated':
      return { status: 'present', details: event.data.details };
    case 'ItemUpdated':
      return state.status === 'present'
        ? { status: 'present', details: { ...state.details, ...event.data.changes } }
        : state;
    case 'ItemDeleted':
      return { status: 'deleted' };
    default:
      return assertUnreachable(event);
  }
}

function present(state: Item): Extract<Item, { status: 'present' }> {
  if (state.status !== 'present') throw new NotFound();
  return state;
}

function checkAmount(amount: number): void {
  if (amount < MIN_ITEM_AMOUNT)
    throw new ValidationFailed(`The amount must be at least ${MIN_ITEM_AMOUNT}.`, 'amount');
}

export function create(command: CreateItem, state: Item): ItemEvent {
  if (state.status !== 'new') throw new AlreadyExists('The item already exists.');
  checkAmount(command.data.details.amount);
  return {
    type: 'ItemCreated',
    data: {
      itemId: command.data.itemId,
      details: command.data.details,
      createdAt: command.metadata.now,
    },
  };
}

/** Records only real changes: an update that changes nothing records nothing. */
export function update(command: UpdateItem, state: Item): ItemEvent[] {
  const item = present(state);
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) => value !== undefined && item.details[key as keyof ItemDetails] !== value,
    ),
  ) as Partial<ItemDetails>;
  if (changes.amount !== undefined) checkAmount(changes.amount);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ItemUpdated', data: { changes, updatedAt: command.metadata.now } }];
}

/** An invoice keeps its own copy of an item's values, so deleting the item changes no invoice. */
export function remove(command: DeleteItem, state: Item): ItemEvent {
  present(state);
  return { type: 'ItemDeleted', data: { deletedAt: command.metadata.now } };
}

export function decide(command: ItemCommand, state: Item): ItemEvent | ItemEvent[] {
  switch (command.type) {
    case 'CreateItem':
      return create(command, state);
    case 'UpdateItem':
      return update(command, state);
    case 'DeleteItem':
      return remove(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const itemDecider = { decide, evolve, initialState };
