import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import {
  apiSpecification,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
} from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { SMTPServer } from 'smtp-server';
import { startBilling } from '../../test/billing.kit';
import { invoiceDetailsProjection } from '../invoice/invoice-details/invoice-details.projection';
import { INVOICE_STREAM } from '../invoice/invoice.decider';
import { subscriptionDetailsProjection } from './subscription-details/subscription-details.projection';
import { subscriptionInvoiceTerms } from '../flows/subscription-invoice';
import { SUBSCRIPTION_STREAM } from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';
import {
  authorizationOrderOf,
  DAY_MS,
  GOLD_PLAN,
  subscriptionCreated,
  subscriptionPaused,
  subscriptionStarted,
  subscriptionTerms,
} from './subscription.fixtures';

const OWNER = { accountId: 'acc_SubscriptionApi1', mode: 'test' as const };
const STRANGER = { accountId: 'acc_SomeoneElse0001', mode: 'test' as const };
const SECOND_MS = 1000;

describe('the subscriptions API: given existing events, when a request, then new events', () => {
  let billing: ServiceUnderTest;
  /** What billing's SMTP notifier sent: the recipients and the raw message. */
  const mails: { to: string; body: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, body: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    billing = await startBilling(undefined, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'billing@example.com',
    });
  });
  afterAll(async () => {
    await billing.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  /** The service runs on the real clock: history is dated from now. */
  const now = () => Date.now();

  const existingSubscription = (subscriptionId: string, events: readonly SubscriptionEvent[]) =>
    existingStream({
      streamType: SUBSCRIPTION_STREAM,
      streamId: subscriptionId,
      events,
      projections: [subscriptionDetailsProjection],
      caller: OWNER,
    });

  /** Authorized 10 days ago by the payment that charged cycle 1, which ends in 20 days. */
  const active = (subscriptionId: string) => {
    const startedAt = now() - 10 * DAY_MS;
    const invoiceId = newId('inv');
    const cycleEnd = now() + 20 * DAY_MS;
    return {
      cycleEnd,
      events: [
        subscriptionCreated({ subscriptionId, invoiceId, createdAt: startedAt }),
        ...subscriptionStarted({ invoiceId, at: startedAt, end: cycleEnd }),
      ],
    };
  };

  /** Created an hour ago and never authorized: its first invoice is issued and waits for payment. */
  const awaitingAuthorization = (subscriptionId: string, invoiceId: string) => {
    const createdAt = now() - 3_600_000;
    const terms = subscriptionInvoiceTerms({
      subscriptionId,
      plan: GOLD_PLAN,
      planName: 'Gold',
      quantity: 1,
      addons: [],
      customer: null,
      billingStart: null,
      billingEnd: null,
      notes: {},
      offer: null,
      cycle: 1,
    });
    return [
      existingSubscription(subscriptionId, [
        subscriptionCreated({ subscriptionId, invoiceId, createdAt }),
      ]),
      existingStream({
        streamType: INVOICE_STREAM,
        streamId: invoiceId,
        events: [
          { type: 'InvoiceCreated', data: { invoiceId, terms, createdAt } },
          {
            type: 'InvoiceIssued',
            data: { orderId: authorizationOrderOf(subscriptionId), at: createdAt },
          },
        ],
        projections: [invoiceDetailsProjection],
        caller: OWNER,
      }),
    ];
  };

  const post = (subscriptionId: string, action: string, body?: unknown, caller = OWNER) =>
    ({
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/${action}`,
      ...(body === undefined ? {} : { body }),
      caller,
    }) as CallOptions;

  describe('cancel', () => {
    it('cancels an active subscription now: SubscriptionCancelled, and it answers cancelled', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(post(id, 'cancel'))
        .then(
          expectResponse(200, { id, status: 'cancelled', charge_at: null }),
          expectNewEvents(id, [{ type: 'SubscriptionCancelled' }]),
        );
    });

    it('schedules the cancellation at the end of the current cycle, and stays active', async () => {
      const id = newId('sub');
      const { events, cycleEnd } = active(id);
      await apiSpecification(billing)
        .given(existingSubscription(id, events))
        .when(post(id, 'cancel', { cancel_at_cycle_end: 1 }))
        .then(
          expectResponse(200, { id, status: 'active' }),
          expectNewEvents(id, [
            { type: 'SubscriptionCancellationScheduled', data: { cancelAt: cycleEnd } },
          ]),
        );
    });

    it('cancels a subscription never authorized with its first invoice, so nobody can pay it', async () => {
      const [id, invoiceId] = [newId('sub'), newId('inv')];
      await apiSpecification(billing)
        .given(...awaitingAuthorization(id, invoiceId))
        .when(post(id, 'cancel'))
        .then(
          expectResponse(200, { id, status: 'cancelled' }),
          expectNewEvents(id, [{ type: 'SubscriptionCancelled' }]),
          expectNewEvents(invoiceId, [{ type: 'InvoiceCancelled' }]),
        );
    });

    it('refuses to cancel at cycle end a subscription never authorized, and cancels nothing', async () => {
      const [id, invoiceId] = [newId('sub'), newId('inv')];
      await apiSpecification(billing)
        .given(...awaitingAuthorization(id, invoiceId))
        .when(post(id, 'cancel', { cancel_at_cycle_end: 1 }))
        .then(
          expectError(400, 'Only an active subscription can be cancelled at the end of its cycle.'),
          expectNewEvents(id, []),
          expectNewEvents(invoiceId, []),
        );
    });

    it('refuses to cancel a cancelled subscription', async () => {
      const id = newId('sub');
      const cancelled: SubscriptionEvent = { type: 'SubscriptionCancelled', data: { at: now() } };
      await apiSpecification(billing)
        .given(existingSubscription(id, [...active(id).events, cancelled]))
        .when(post(id, 'cancel'))
        .then(expectError(400, 'The subscription is already cancelled.'), expectNewEvents(id, []));
    });

    it("answers another account as for an unknown id, and cancels nothing of the owner's", async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(post(id, 'cancel', undefined, STRANGER))
        .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
    });
  });

  describe('pause and resume', () => {
    it('pauses an active subscription: SubscriptionPaused, no charge until resumed', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(post(id, 'pause', { pause_at: 'now' }))
        .then(
          expectResponse(200, { id, status: 'paused', charge_at: null }),
          expectNewEvents(id, [{ type: 'SubscriptionPaused' }]),
        );
    });

    it('resumes a paused subscription: the next charge at the end of the cycle it paused in', async () => {
      const id = newId('sub');
      const { events, cycleEnd } = active(id);
      await apiSpecification(billing)
        .given(existingSubscription(id, [...events, subscriptionPaused(now() - DAY_MS)]))
        .when(post(id, 'resume', { resume_at: 'now' }))
        .then(
          expectResponse(200, {
            id,
            status: 'active',
            charge_at: Math.floor(cycleEnd / SECOND_MS),
          }),
          expectNewEvents(id, [{ type: 'SubscriptionResumed', data: { chargeAt: cycleEnd } }]),
        );
    });

    it('refuses to resume an active subscription', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(post(id, 'resume', { resume_at: 'now' }))
        .then(
          expectError(400, 'Only a paused subscription can be resumed.'),
          expectNewEvents(id, []),
        );
    });

    it('refuses to pause a paused subscription', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, [...active(id).events, subscriptionPaused(now())]))
        .when(post(id, 'pause', { pause_at: 'now' }))
        .then(
          expectError(400, 'Only an active subscription can be paused.'),
          expectNewEvents(id, []),
        );
    });

    it("answers another account's pause as for an unknown id", async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(post(id, 'pause', { pause_at: 'now' }, STRANGER))
        .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
    });
  });

  describe('update', () => {
    const patch = (id: string, body: unknown, caller = OWNER): CallOptions =>
      ({ method: 'PATCH', url: `/v1/subscriptions/${id}`, body, caller }) as CallOptions;

    it('changes the quantity now: SubscriptionUpdated with only what changed', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(patch(id, { quantity: 3, schedule_change_at: 'now' }))
        .then(
          expectResponse(200, { id, status: 'active', quantity: 3 }),
          expectNewEvents(id, [{ type: 'SubscriptionUpdated', data: { change: { quantity: 3 } } }]),
        );
    });

    it('stores a change for the end of the cycle: SubscriptionChangeScheduled, terms unchanged meanwhile', async () => {
      const id = newId('sub');
      const { events, cycleEnd } = active(id);
      await apiSpecification(billing)
        .given(existingSubscription(id, events))
        .when(patch(id, { quantity: 2, schedule_change_at: 'cycle_end' }))
        .then(
          expectResponse(200, { id, quantity: 1, has_scheduled_changes: true }),
          expectNewEvents(id, [
            {
              type: 'SubscriptionChangeScheduled',
              data: { change: { quantity: 2 }, changeAt: cycleEnd },
            },
          ]),
        );
    });

    it('takes total_count (the cycles in all) and notes (replaced at once), as the SDK’s update type allows', async () => {
      const id = newId('sub');
      const { events } = active(id);
      await apiSpecification(billing)
        .given(existingSubscription(id, events))
        .when(
          patch(id, { total_count: 4, notes: { tier: 'gold' }, schedule_change_at: 'cycle_end' }),
        )
        .then(
          expectResponse(200, { id, total_count: 12, notes: { tier: 'gold' } }),
          expectNewEvents(id, [
            { type: 'SubscriptionNotesSet', data: { notes: { tier: 'gold' } } },
            { type: 'SubscriptionChangeScheduled', data: { change: { totalCount: 4 } } },
          ]),
        );
    });

    it.each([
      [
        { expire_by: 4102444800 },
        'expire_by',
        'The expire_by is the deadline for authorizing the subscription: an update is for an authenticated or active one, already authorized.',
      ],
      [
        { addons: [{ item: { name: 'Delivery', amount: 30000, currency: 'INR' } }] },
        'addons',
        'Upfront addons are charged with the authorization: add one to an authorized subscription with POST /v1/subscriptions/:id/addons.',
      ],
      [
        { total_count: 5, remaining_count: 4 },
        'total_count',
        'Send total_count or remaining_count, not both: each sets the cycles billed in all.',
      ],
      [
        { total_count: 1 },
        'total_count',
        'The total_count must be more than the 1 cycles already billed.',
      ],
      [{ notes: { a: 'x'.repeat(257) } }, 'notes', /256/],
    ])('refuses %j with the reason, naming %s', async (body, field, description) => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(patch(id, body))
        .then(expectError(400, description, field), expectNewEvents(id, []));
    });

    /** Active like `active`, for a subscription link sent to `email`, with customer_notify as given. */
    const activeLink = (id: string, email: string, customerNotify: boolean) => {
      const [created, ...started] = active(id).events;
      const terms = subscriptionTerms({
        customerNotify,
        notifyInfo: { notifyEmail: email, notifyPhone: null },
      });
      return [{ ...created, data: { ...created.data, terms } } as SubscriptionEvent, ...started];
    };

    it('takes customer_notify as create does, records it at once, and tells the customer of the change', async () => {
      const id = newId('sub');
      const email = `${id.toLowerCase()}@example.com`;
      await apiSpecification(billing)
        .given(existingSubscription(id, activeLink(id, email, false)))
        .when(patch(id, { quantity: 3, schedule_change_at: 'now', customer_notify: true }))
        .then(
          expectResponse(200, { id, quantity: 3, customer_notify: true }),
          expectNewEvents(id, [
            { type: 'SubscriptionCustomerNotifySet', data: { customerNotify: true } },
            { type: 'SubscriptionUpdated', data: { change: { quantity: 3 } } },
          ]),
        );
      const mail = await waitFor(() => mails.find((m) => m.to === email), 'the change notice');
      // Long lines arrive quoted-printable, folded with soft breaks.
      const body = mail.body.replace(/=\r?\n/g, '');
      expect(body).toContain('Subject: Your subscription has changed');
      expect(body).toContain(`Your subscription ${id} has changed: quantity 3. It applies now.`);
    });

    it("tells a subscription's customer, while customer_notify is on as created (the default)", async () => {
      const id = newId('sub');
      const email = `${id.toLowerCase()}@example.com`;
      const customer = await billing.call({
        method: 'POST',
        url: '/v1/customers',
        body: { name: 'Gaurav Kumar', email },
        caller: OWNER,
      });
      const events = active(id).events.map((event) =>
        event.type === 'SubscriptionAuthenticated'
          ? { ...event, data: { ...event.data, customerId: customer.body['id'] as string } }
          : event,
      );
      await apiSpecification(billing)
        .given(existingSubscription(id, events))
        .when(patch(id, { remaining_count: 5 }))
        .then(expectResponse(200, { id, customer_notify: true }));
      const mail = await waitFor(() => mails.find((m) => m.to === email), 'the change notice');
      expect(mail.body.replace(/=\r?\n/g, '')).toContain(
        `Your subscription ${id} has changed: 5 cycles remaining. It applies now.`,
      );
    });

    it('turned off (0) by the update it comes with, tells the customer nothing', async () => {
      const id = newId('sub');
      const email = `${id.toLowerCase()}@example.com`;
      await apiSpecification(billing)
        .given(existingSubscription(id, activeLink(id, email, true)))
        .when(patch(id, { quantity: 2, schedule_change_at: 'cycle_end', customer_notify: '0' }))
        .then(
          expectResponse(200, { id, quantity: 1, customer_notify: false }),
          expectNewEvents(id, [
            { type: 'SubscriptionCustomerNotifySet', data: { customerNotify: false } },
            { type: 'SubscriptionChangeScheduled', data: { change: { quantity: 2 } } },
          ]),
        );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(mails.filter((m) => m.to === email)).toEqual([]);
    });

    it('refuses a customer_notify that is not a flag, naming it', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(patch(id, { quantity: 3, customer_notify: 'yes' }))
        .then(
          expectError(400, 'The customer_notify must be 1 or 0.', 'customer_notify'),
          expectNewEvents(id, []),
        );
    });

    it('refuses to update a paused subscription', async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, [...active(id).events, subscriptionPaused(now())]))
        .when(patch(id, { quantity: 2 }))
        .then(
          expectError(400, 'Only an authenticated or active subscription can be updated.'),
          expectNewEvents(id, []),
        );
    });

    it("answers another account's update as for an unknown id", async () => {
      const id = newId('sub');
      await apiSpecification(billing)
        .given(existingSubscription(id, active(id).events))
        .when(patch(id, { quantity: 2 }, STRANGER))
        .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
    });
  });
});
