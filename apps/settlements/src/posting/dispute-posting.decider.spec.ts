import { DeciderSpecification } from '@platform/testing-core';
import { disputePostingDecider } from './dispute-posting.decider';
import type { DisputePostingEvent } from './posting.events';
import { disputeTerms, NOW, openHold, resolveDispute } from './posting.fixtures';

const given = DeciderSpecification.for(disputePostingDecider);
const held = (amount = 20000): DisputePostingEvent => ({
  type: 'DisputeHoldPosted',
  data: { adjustmentId: 'adj_Hold0000000001', ...disputeTerms(amount), openedAt: NOW },
});
const released = (outcome: 'won' | 'closed' | 'lost', amount = 20000): DisputePostingEvent => ({
  type: 'DisputeHoldReleased',
  data: {
    adjustmentId: 'adj_Release000001',
    ...disputeTerms(amount),
    amount,
    outcome,
    releasedAt: NOW,
  },
});
const lost = (amount: number): DisputePostingEvent => ({
  type: 'DisputeLossPosted',
  data: { adjustmentId: 'adj_Loss000000001', ...disputeTerms(), amount, lostAt: NOW },
});

describe('Dispute posting', () => {
  describe('when the dispute is new to the ledger', () => {
    it('puts its amount on hold', () => {
      given([]).when(openHold()).then([held()]);
    });

    it('deducts a loss whose opening never reached the ledger, without a hold to release', () => {
      given([])
        .when(resolveDispute('lost', 20000))
        .then([lost(20000)]);
    });

    it('does nothing for a win it never held', () => {
      given([]).when(resolveDispute('won')).thenNothingHappened();
    });
  });

  describe('when its amount is on hold', () => {
    it('releases the hold when the dispute is won', () => {
      given([held()])
        .when(resolveDispute('won'))
        .then([released('won')]);
    });

    it('releases the hold when the dispute is closed', () => {
      given([held()])
        .when(resolveDispute('closed'))
        .then([released('closed')]);
    });

    it('releases the hold and deducts amount_deducted when the dispute is lost', () => {
      given([held()])
        .when(resolveDispute('lost', 20000))
        .then([released('lost'), lost(20000)]);
    });

    it('releases the whole hold and deducts only what the bank took when less was deducted', () => {
      given([held()])
        .when(resolveDispute('lost', 5000))
        .then([released('lost'), lost(5000)]);
    });

    it('does not hold it twice', () => {
      given([held()]).when(openHold()).thenNothingHappened();
    });
  });

  describe('when it was resolved', () => {
    it('posts nothing for a redelivered outcome', () => {
      given([held(), released('lost'), lost(20000)])
        .when(resolveDispute('lost', 20000))
        .thenNothingHappened();
    });
  });
});
