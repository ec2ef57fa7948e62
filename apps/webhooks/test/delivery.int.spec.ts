import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { as, envelope, newAccount, startReceiver, startWithBroker, stopAll } from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

describe('smoke', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  beforeAll(async () => ({ webhooks } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  it('delivers a captured payment, signed', async () => {
    const receiver = await startReceiver();
    const caller = newAccount();
    const created = await as(webhooks, caller).post('/v1/webhooks', { url: receiver.url, events: ['payment.captured'], secret: 'whsec_test' });
    expect(created.status).toBe(200);
    const payment = { id: newId('pay'), entity: 'payment', amount: 5000, currency: 'INR', status: 'captured', captured: true, created_at: 1 };
    await running.producer.publish(envelope(caller, 'payment.captured', payment.id, { payment }));
    const [hit] = await waitFor(() => (receiver.received.length > 0 ? receiver.received : null), 'the delivery');
    console.log(hit.headers, hit.body);
    expect(validateWebhookSignature(hit.body, hit.headers['x-razorpay-signature'] as string, 'whsec_test')).toBe(true);
    await receiver.close();
  });
});
