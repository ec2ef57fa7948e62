import type { StoredEvent } from '@platform/event-store';
import { changeNotice } from './subscription-change-notice';
import type { SubscriptionEvent } from './subscription.events';
import {
  DAY_MS,
  subscriptionCreated,
  subscriptionStarted,
  subscriptionTerms,
} from './subscription.fixtures';
import { NOTIFY_CHANGE_JOB, subscriptionJobs } from './subscription.stream';

const ID = 'sub_AbCdEfGhIjKlMn';
const NOW = Date.parse('2024-01-31T04:30:00.000Z');
const CYCLE_END = NOW + 29 * DAY_MS;

const stored = (events: readonly SubscriptionEvent[]): StoredEvent<SubscriptionEvent>[] =>
  events.map(
    (event, i) =>
      ({
        ...event,
        globalPosition: i + 1,
        streamId: ID,
        streamType: 'subscription',
        version: i + 1,
        metadata: { accountId: 'acc_Test0000000001', mode: 'test', now: NOW },
      }) as StoredEvent<SubscriptionEvent>,
  );

/** Active since NOW, with customer_notify as created. */
const active = (customerNotify: boolean): SubscriptionEvent[] => [
  subscriptionCreated({
    subscriptionId: ID,
    invoiceId: 'inv_Cycle000000001',
    createdAt: NOW,
    terms: subscriptionTerms({ customerNotify }),
  }),
  ...subscriptionStarted({ invoiceId: 'inv_Cycle000000001', at: NOW, end: CYCLE_END }),
];

/** The change notices the jobs of `appended` (after `history`) hold. */
const notices = (history: SubscriptionEvent[], appended: SubscriptionEvent[]) => {
  const stream = stored([...history, ...appended]);
  return subscriptionJobs(stream.slice(history.length), stream).filter(
    (job) => job.kind === NOTIFY_CHANGE_JOB,
  );
};

const updated: SubscriptionEvent = {
  type: 'SubscriptionUpdated',
  data: { change: { quantity: 3 }, at: NOW },
};

describe('the notice of a subscription change', () => {
  it('is sent when a change is made with customer_notify on, at once', () => {
    expect(notices(active(true), [updated])).toEqual([
      {
        kind: NOTIFY_CHANGE_JOB,
        streamId: ID,
        dueAt: NOW,
        payload: { change: { quantity: 3 }, appliesAt: null },
      },
    ]);
  });

  it('says when a change scheduled for the cycle end applies', () => {
    const scheduled: SubscriptionEvent = {
      type: 'SubscriptionChangeScheduled',
      data: { change: { quantity: 2 }, changeAt: CYCLE_END, at: NOW },
    };
    expect(notices(active(true), [scheduled])).toMatchObject([
      { payload: { change: { quantity: 2 }, appliesAt: CYCLE_END } },
    ]);
  });

  it('follows the flag the same update sets: turned on, sent; turned off, not', () => {
    const set = (customerNotify: boolean): SubscriptionEvent => ({
      type: 'SubscriptionCustomerNotifySet',
      data: { customerNotify, at: NOW },
    });
    expect(notices(active(false), [set(true), updated])).toHaveLength(1);
    expect(notices(active(true), [set(false), updated])).toEqual([]);
    expect(notices(active(false), [updated])).toEqual([]);
  });

  it('is not sent for the flag alone', () => {
    expect(
      notices(active(false), [
        { type: 'SubscriptionCustomerNotifySet', data: { customerNotify: true, at: NOW } },
      ]),
    ).toEqual([]);
  });

  it('names what changed and when it applies', () => {
    expect(changeNotice(ID, { quantity: 3, remainingCount: 5, offerId: null }, null)).toEqual({
      subject: 'Your subscription has changed',
      text: `Your subscription ${ID} has changed: quantity 3; 5 cycles remaining; offer removed. It applies now.`,
    });
    expect(
      changeNotice(
        ID,
        {
          plan: {
            planId: 'plan_Silver00000001',
            amount: 99_900,
            currency: 'INR',
            period: 'monthly',
            interval: 1,
          },
        },
        CYCLE_END,
      ).text,
    ).toBe(
      `Your subscription ${ID} has changed: plan plan_Silver00000001 at ₹999.00 per cycle. It applies at the end of the current cycle, 2024-02-29 10:00 IST.`,
    );
  });
});
