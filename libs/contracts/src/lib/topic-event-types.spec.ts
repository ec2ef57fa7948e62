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
    ['payment_link.paid', Topics.paymentsPaymentLink],
    ['payment_link.expired', Topics.paymentsPaymentLink],
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
    expect(eventTypesOnTopic(Topics.paymentsPaymentLink)).toEqual([
      'payment_link.paid',
      'payment_link.partially_paid',
      'payment_link.cancelled',
      'payment_link.expired',
    ]);
    const all = Object.values(Topics).flatMap(eventTypesOnTopic);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('payment.captured');
  });
});
