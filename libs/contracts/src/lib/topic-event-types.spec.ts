import { topicOfEventType, eventTypesOnTopic } from './topic-event-types';
import { Topics } from './topics';

describe('topicOfEventType', () => {
  it.each([
    ['payment.captured', Topics.paymentsPayment],
    ['refund.created', Topics.paymentsRefund],
    ['customer.updated', Topics.billingCustomer],
    ['invoice.paid', Topics.billingInvoice],
    ['subscription.charged', Topics.billingSubscription],
    ['settlement.processed', Topics.settlementsSettlement],
    ['test_clock.advanced', Topics.gatewayTestClock],
  ])('%s is published on %s', (type, topic) => {
    expect(topicOfEventType(type)).toBe(topic);
  });

  it('knows no topic for a type nobody publishes', () => {
    expect(topicOfEventType('payment.teleported')).toBeNull();
  });

  it('lists each topic’s types, each type on exactly one topic', () => {
    expect(eventTypesOnTopic(Topics.billingCustomer).sort()).toEqual([
      'customer.created',
      'customer.updated',
    ]);
    const all = Object.values(Topics).flatMap(eventTypesOnTopic);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('payment.captured');
  });
});
