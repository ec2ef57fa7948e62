import 'reflect-metadata';
import type {
  InvoiceChargeRequestedEvent,
  InvoiceEntity,
  SubscriptionAuthorizationEntity,
} from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { billingInvoice, invoiceEvent, subscriptionCreated } from '../../test/billing-events';
import { as, newAccount, VISA } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { INVOICE_ORDERS_CONSUMER } from '../order/on-invoice-changed.consumer';
import { SUBSCRIPTION_CHARGES_CONSUMER } from './on-charge-requested.consumer';
import { SUBSCRIPTION_MANDATES_CONSUMER } from './on-subscription-created.consumer';

/** billing's request to charge the subscription's saved card for a cycle's invoice. */
function chargeRequested(
  caller: TestCaller,
  invoice: InvoiceEntity,
  attempt = 1,
): InvoiceChargeRequestedEvent {
  return {
    ...invoiceEvent(caller, 'invoice.issued', invoice, 2),
    type: 'invoice.charge_requested',
    data: { invoice, attempt },
  };
}

describe('payments charges a subscription’s saved card once per charge billing requests (billing.invoice)', () => {
  let payments: ServiceUnderTest;
  let running: PaymentsBesideBilling;

  beforeAll(async () => ({ payments } = running = await startPaymentsBesideBilling()));
  afterAll(() => running.close());

  const { rows: inboxRows } = consumerInbox(() => payments, SUBSCRIPTION_CHARGES_CONSUMER);
  /**
   * Sends each request, then `invoice.partially_paid` on the invoice's partition (which charges
   * nothing) and waits for it: every request before it has then been consumed.
   */
  const deliverAll = async (
    caller: TestCaller,
    invoice: InvoiceEntity,
    events: InvoiceChargeRequestedEvent[],
  ) => {
    for (const event of events)
      await running.deliver('billing.invoice', SUBSCRIPTION_CHARGES_CONSUMER, event);
    await running.deliver(
      'billing.invoice',
      SUBSCRIPTION_CHARGES_CONSUMER,
      invoiceEvent(caller, 'invoice.partially_paid', invoice, 3),
    );
  };
  /** A subscription payments has a mandate for: authorized with the Visa test card (its saved token) unless `authorized` is false. */
  const subscription = async (caller: TestCaller, authorized = true) => {
    const subscriptionId = newId('sub');
    const authorization: SubscriptionAuthorizationEntity = {
      order_id: newId('order'),
      currency: 'INR',
      amount: 100,
      invoice_id: null,
      refund: true,
    };
    await running.deliver(
      'billing.subscription',
      SUBSCRIPTION_MANDATES_CONSUMER,
      subscriptionCreated(caller, subscriptionId, authorization),
    );
    if (authorized) {
      const paid = await as(payments, caller).post('/v1/simulator/payments', {
        subscription_id: subscriptionId,
        method: 'card',
        card: VISA,
      });
      expect(paid.status).toBe(200);
    }
    return subscriptionId;
  };
  /** A later cycle's invoice of the subscription, issued: its order is open. */
  const cycleInvoice = async (caller: TestCaller, subscriptionId: string) => {
    const invoice = billingInvoice(newId('inv'), newId('order'), {
      amount: 49900,
      subscription_id: subscriptionId,
    });
    await running.deliver(
      'billing.invoice',
      INVOICE_ORDERS_CONSUMER,
      invoiceEvent(caller, 'invoice.issued', invoice),
    );
    return invoice;
  };
  const paymentsOf = async (caller: TestCaller, orderId: string | null) =>
    (await as(payments, caller).get(`/v1/orders/${orderId}/payments`)).body['items'];

  it("charges the saved card once through test mode's acquirer, however often the request is delivered", async () => {
    const caller = newAccount();
    const invoice = await cycleInvoice(caller, await subscription(caller));
    const request = chargeRequested(caller, invoice);
    await deliverAll(caller, invoice, [request, request]);
    expect(await inboxRows(request.id)).toBe(1);
    expect(await paymentsOf(caller, invoice.order_id)).toEqual([
      expect.objectContaining({
        amount: 49900,
        status: 'captured',
        method: 'card',
        order_id: invoice.order_id,
        invoice_id: invoice.id,
        // The test bank's answer for a card: its auth code.
        acquirer_data: { auth_code: expect.stringMatching(/^\d{6}$/) },
      }),
    ]);
    expect(await running.streamEvents(invoice.order_id as string)).toEqual([
      'OrderCreated',
      'OrderPaymentAttempted',
      'OrderPaymentCaptured',
      'OrderPaid',
    ]);
  });

  it('charges nothing for a subscription without a saved card', async () => {
    const caller = newAccount();
    const invoice = await cycleInvoice(caller, await subscription(caller, false));
    const request = chargeRequested(caller, invoice);
    await deliverAll(caller, invoice, [request]);
    expect(await inboxRows(request.id)).toBe(1);
    expect(await paymentsOf(caller, invoice.order_id)).toEqual([]);
  });

  it('charges nothing in live mode: it has no acquirer', async () => {
    const caller = newAccount('live');
    const invoice = await cycleInvoice(caller, newId('sub'));
    const request = chargeRequested(caller, invoice);
    await deliverAll(caller, invoice, [request]);
    expect(await inboxRows(request.id)).toBe(1);
    expect(await running.streamEvents(invoice.order_id as string)).toEqual(['OrderCreated']);
  });
});
