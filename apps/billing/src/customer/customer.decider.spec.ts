import { IllegalTransition, NotFound } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { customerDecider } from './customer.decider';
import { createCustomer, customerCreated, customerEdited, editCustomer } from './customer.fixtures';

const given = DeciderSpecification.for(customerDecider);

describe('Customer', () => {
  describe('when it does not exist', () => {
    it('is created with its details and the time in seconds', () => {
      given([])
        .when(createCustomer({ gstin: '29ABCDE1234F1Z5', notes: { ref: 'A-1' } }))
        .then([customerCreated({ gstin: '29ABCDE1234F1Z5', notes: { ref: 'A-1' } })]);
    });

    it('cannot be edited', () => {
      given([])
        .when(editCustomer({ name: 'Someone' }))
        .thenThrows(NotFound);
    });
  });

  describe('when created', () => {
    it('records only the fields an edit really changes', () => {
      given([customerCreated()])
        .when(editCustomer({ name: 'Gaurav Kumar', email: 'new@example.com' }))
        .then([customerEdited({ email: 'new@example.com' })]);
    });

    it('records nothing for an edit that changes nothing', () => {
      given([customerCreated()])
        .when(editCustomer({ name: 'Gaurav Kumar', contact: '+919000090000' }))
        .thenNothingHappened();
    });

    it('can clear a field with null', () => {
      given([customerCreated()])
        .when(editCustomer({ email: null }))
        .then([customerEdited({ email: null })]);
    });

    it('compares notes by value', () => {
      given([customerCreated({ notes: { a: '1' } })])
        .when(editCustomer({ notes: { a: '1' } }))
        .thenNothingHappened();
      given([customerCreated({ notes: { a: '1' } })])
        .when(editCustomer({ notes: { a: '2' } }))
        .then([customerEdited({ notes: { a: '2' } })]);
    });

    it('cannot be created again', () => {
      given([customerCreated()]).when(createCustomer()).thenThrows(IllegalTransition);
    });
  });

  describe('when edited before', () => {
    it('compares a new edit with the edited values', () => {
      given([customerCreated(), customerEdited({ email: 'new@example.com' })])
        .when(editCustomer({ email: 'new@example.com' }))
        .thenNothingHappened();
    });
  });
});
