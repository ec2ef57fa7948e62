import { assertUnreachable, IllegalTransition, NotFound } from '@platform/domain-kit';
import type { Decider } from '@platform/domain-kit';
import type { CreateCustomer, CustomerCommand, EditCustomer } from './customer.commands';
import type { CustomerDetails, CustomerEvent } from './customer.events';

export type Customer = { status: 'absent' } | { status: 'active'; details: CustomerDetails };

export const CUSTOMER_STREAM = 'customer';

export function initialState(): Customer {
  return { status: 'absent' };
}

export function evolve(state: Customer, event: CustomerEvent): Customer {
  switch (event.type) {
    case 'CustomerCreated':
      return { status: 'active', details: event.data.details };
    case 'CustomerEdited':
      return state.status === 'active'
        ? { status: 'active', details: { ...state.details, ...event.data.changes } }
        : state;
    default:
      return state;
  }
}

export function create(command: CreateCustomer, state: Customer): CustomerEvent {
  if (state.status !== 'absent') throw new IllegalTransition('Customer already exists');
  const { customerId, details } = command.data;
  return {
    type: 'CustomerCreated',
    data: { customerId, details, createdAt: toSeconds(command.metadata.now) },
  };
}

/** Records only real changes: an edit that changes nothing records nothing. */
export function edit(command: EditCustomer, state: Customer): CustomerEvent[] {
  if (state.status !== 'active') throw new NotFound();
  const changes = changedFields(state.details, command.data.changes);
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      type: 'CustomerEdited',
      data: {
        customerId: command.data.customerId,
        changes,
        editedAt: toSeconds(command.metadata.now),
      },
    },
  ];
}

export function decide(command: CustomerCommand, state: Customer): CustomerEvent | CustomerEvent[] {
  switch (command.type) {
    case 'CreateCustomer':
      return create(command, state);
    case 'EditCustomer':
      return edit(command, state);
    default:
      return assertUnreachable(command);
  }
}

/** Bump with any change to `evolve` or the state's shape: snapshots of another version are ignored. */
export const customerDecider: Decider<Customer, CustomerCommand, CustomerEvent> = {
  decide,
  evolve,
  initialState,
  snapshotVersion: 1,
};

function changedFields(
  current: CustomerDetails,
  requested: Partial<CustomerDetails>,
): Partial<CustomerDetails> {
  const changes: Partial<CustomerDetails> = {};
  for (const key of Object.keys(requested) as (keyof CustomerDetails)[]) {
    if (JSON.stringify(requested[key]) !== JSON.stringify(current[key]))
      Object.assign(changes, { [key]: requested[key] });
  }
  return changes;
}

function toSeconds(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}
