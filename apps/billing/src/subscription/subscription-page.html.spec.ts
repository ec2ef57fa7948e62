import type { SubscriptionEvent } from './subscription.events';
import { evolve, initialState } from './subscription.decider';
import type { LiveSubscription } from './subscription.decider';
import { toSubscriptionEntity } from './dtos/subscription.response';
import {
  subscriptionCreated,
  subscriptionStarted,
  subscriptionTerms,
} from './subscription.fixtures';
import { renderSubscriptionPage } from './subscription-page.html';

const SUBSCRIPTION = 'sub_1Aa00000000001';
const CREATED_AT = 1_736_937_000;

function pageAfter(events: readonly SubscriptionEvent[]): string {
  const state = events.reduce(evolve, initialState()) as LiveSubscription;
  return renderSubscriptionPage(
    toSubscriptionEntity(SUBSCRIPTION, state, 'http://localhost:3000'),
    state,
  );
}

const paySectionOf = (page: string) =>
  /<section id="pay"[\s\S]*?<\/section>/.exec(page)?.[0] ?? null;

describe('the subscription page', () => {
  it('offers a subscription awaiting authorization to be authorized, for its authorization payment', () => {
    const page = pageAfter([
      subscriptionCreated({
        subscriptionId: SUBSCRIPTION,
        invoiceId: 'inv_1Aa00000000001',
        createdAt: CREATED_AT,
        terms: subscriptionTerms({ quantity: 2 }),
      }),
    ]);
    expect(paySectionOf(page)).toBe(
      `<section id="pay" data-entity-id="${SUBSCRIPTION}" data-kind="subscription" data-currency="INR" data-amount-due="99800" data-partial="false" data-min-amount="99800" data-name="Subscription">
<button id="pay-button" type="button">Authorize</button>
<p id="pay-message" role="status"></p>
</section>`,
    );
    expect(page).toContain(
      '<script src="/v1/checkout.js"></script>\n<script src="/v1/checkout/assets/pay-page.js"></script>',
    );
  });

  it('shows an authorized subscription active, with nothing more to authorize', () => {
    const page = pageAfter([
      subscriptionCreated({
        subscriptionId: SUBSCRIPTION,
        invoiceId: 'inv_1Aa00000000001',
        createdAt: CREATED_AT,
      }),
      ...subscriptionStarted({
        invoiceId: 'inv_1Aa00000000001',
        at: CREATED_AT + 60,
        end: CREATED_AT + 30 * 86_400,
      }),
    ]);
    expect(paySectionOf(page)).toBeNull();
    expect(page).not.toContain('<script');
    expect(page).toContain('Authorized and active: each cycle is charged automatically.');
  });

  it('tells an authorized subscription that starts later when it is first charged', () => {
    const startAt = CREATED_AT + 10 * 86_400;
    const page = pageAfter([
      subscriptionCreated({
        subscriptionId: SUBSCRIPTION,
        createdAt: CREATED_AT,
        terms: subscriptionTerms({ startAt }),
      }),
      {
        type: 'SubscriptionAuthenticated',
        data: {
          paymentId: 'pay_AuthPayment0001',
          customerId: null,
          method: 'card',
          at: CREATED_AT + 60,
        },
      },
    ]);
    expect(paySectionOf(page)).toBeNull();
    expect(page).toMatch(
      /<p>Authorized\. (The first charge is on \d{4}-\d\d-\d\d \d\d:\d\d IST\.|The subscription starts soon\.)<\/p>/,
    );
  });
});
