import type { CustomerCreatedEvent } from './customer-created.event';
import { customerEventProblem } from './customer-event.payload';

const customer = {
  id: 'cust_00000000000001',
  entity: 'customer',
  name: 'Asha',
  email: null,
  contact: '+919000090000',
  gstin: null,
  notes: { tier: 'gold' },
  created_at: 1_763_900_000,
};

function eventWith(data: unknown): CustomerCreatedEvent {
  return {
    id: 'evt_1',
    type: 'customer.created',
    schema_version: 1,
    account_id: 'acc_1',
    mode: 'test',
    stream_id: customer.id,
    stream_version: 1,
    occurred_at: 1_763_900_000,
    correlation_id: null,
    causation_id: null,
    data,
  } as CustomerCreatedEvent;
}

describe('customerEventProblem', () => {
  it('accepts a created event and an updated event naming what changed', () => {
    expect(customerEventProblem(eventWith({ customer }))).toBeNull();
    expect(customerEventProblem(eventWith({ customer, changed: ['name', 'notes'] }))).toBeNull();
  });

  it.each([
    ['no data', null, 'data must be an object'],
    ['no customer', {}, 'data.customer must be an object'],
    ['a numeric id', { customer: { ...customer, id: 7 } }, 'data.customer.id must be a string'],
    [
      'another entity',
      { customer: { ...customer, entity: 'order' } },
      'data.customer.entity must be "customer"',
    ],
    [
      'a numeric email',
      { customer: { ...customer, email: 5 } },
      'data.customer.email must be a string or null',
    ],
    [
      'notes as a list',
      { customer: { ...customer, notes: [] } },
      'data.customer.notes must be an object',
    ],
    [
      'a fractional created_at',
      { customer: { ...customer, created_at: 1.5 } },
      'data.customer.created_at must be an integer',
    ],
    [
      'changed as a string',
      { customer, changed: 'name' },
      'data.changed must be an array of strings',
    ],
    [
      'changed with a number',
      { customer, changed: ['name', 3] },
      'data.changed must be an array of strings',
    ],
  ])('refuses %s', (_, data, problem) => {
    expect(customerEventProblem(eventWith(data))).toBe(problem);
  });
});
