import 'reflect-metadata';
import { idFor, newId } from '@platform/domain-kit';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import {
  disputeEvent,
  newAccount,
  query,
  startWithBroker,
  stopAll,
} from '../../test/settlements.kit';
import type { EventProducer, SettlementsUnderTest } from '../../test/settlements.kit';
import { LEDGER_DISPUTES_CONSUMER } from './on-dispute-changed.consumer';

/** A dispute of 60,000 on a payment of its own. */
const newDispute = () => ({ id: newId('disp'), payment_id: newId('pay'), amount: 60000 });

/**
 * Another dispute's opening on this dispute's partition, after its messages: this consumer takes it
 * in (a review it would pass by without an inbox row), and it moves nothing of this one.
 */
const openedAfter = (caller: TestCaller, dispute: { id: string }) => ({
  ...disputeEvent(caller, 'dispute.created', newDispute()),
  stream_id: dispute.id,
});

describe('settlements holds, releases and deducts each dispute’s amount once (payments.dispute)', () => {
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const {
    rows: inboxRows,
    consumedUpTo,
    deadLetters,
  } = consumerInbox(() => settlements, LEDGER_DISPUTES_CONSUMER);
  /** The dispute's posting events, and its ledger transactions by kind with their balance moves. */
  const traces = async (disputeId: string) => ({
    events: (
      await query<{ type: string }>(
        settlements,
        'SELECT type FROM events WHERE stream_id = $1 ORDER BY version',
        [disputeId],
      )
    ).map((event) => event.type),
    transactions: await query(
      settlements,
      'SELECT id, kind, balance_delta FROM ledger_transactions WHERE id = ANY($1) ORDER BY kind',
      [['hold', 'release', 'loss'].map((part) => idFor('adj', `${disputeId}:${part}`))],
    ),
  });

  it('puts an opened dispute’s amount on hold once, however often it is delivered', async () => {
    const caller = newAccount();
    const dispute = newDispute();
    const opened = disputeEvent(caller, 'dispute.created', dispute);
    await producer.publish(opened, opened);
    const marker = openedAfter(caller, dispute);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await inboxRows(opened.id)).toBe(1);
    expect(await traces(dispute.id)).toEqual({
      events: ['DisputeHoldPosted'],
      transactions: [
        { id: idFor('adj', `${dispute.id}:hold`), kind: 'dispute_hold', balance_delta: '-60000' },
      ],
    });
  });

  it('releases the hold and deducts a lost dispute once, however often the loss is delivered', async () => {
    const caller = newAccount();
    const dispute = newDispute();
    const lost = disputeEvent(caller, 'dispute.lost', {
      ...dispute,
      amount_deducted: 60000,
      status: 'lost',
    });
    await producer.publish(disputeEvent(caller, 'dispute.created', dispute), lost, lost);
    const marker = openedAfter(caller, dispute);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await inboxRows(lost.id)).toBe(1);
    expect(await traces(dispute.id)).toEqual({
      events: ['DisputeHoldPosted', 'DisputeHoldReleased', 'DisputeLossPosted'],
      transactions: [
        { id: idFor('adj', `${dispute.id}:hold`), kind: 'dispute_hold', balance_delta: '-60000' },
        { id: idFor('adj', `${dispute.id}:loss`), kind: 'dispute_loss', balance_delta: '-60000' },
        {
          id: idFor('adj', `${dispute.id}:release`),
          kind: 'dispute_release',
          balance_delta: '60000',
        },
      ],
    });
  });

  it('moves no money while a dispute is under review', async () => {
    const caller = newAccount();
    const dispute = newDispute();
    const review = disputeEvent(caller, 'dispute.under_review', dispute);
    const marker = openedAfter(caller, dispute);
    await producer.publish(review, review, marker);
    await consumedUpTo(marker);
    expect(await inboxRows(review.id)).toBe(0); // passed by: not a type that moves money
    expect(await traces(dispute.id)).toEqual({ events: [], transactions: [] });
  });

  it('dead-letters a dispute that deducts more than its amount, posts nothing of it, and goes on with the next', async () => {
    const caller = newAccount();
    const dispute = newDispute();
    const broken = disputeEvent(caller, 'dispute.lost', {
      ...dispute,
      amount_deducted: 60001,
      status: 'lost',
    });
    await producer.publish(broken);
    const marker = openedAfter(caller, dispute);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await deadLetters(broken.id)).toEqual([
      { error: 'data.dispute.amount_deducted may not exceed its amount' },
    ]);
    expect(await inboxRows(broken.id)).toBe(0);
    expect(await traces(dispute.id)).toEqual({ events: [], transactions: [] });
  });
});
