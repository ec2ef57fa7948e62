import { AlreadyExists, IllegalTransition } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { metadata, NOW } from '../posting/posting.fixtures';
import type { SettlementCommand } from './settlement.commands';
import { settlementDecider } from './settlement.decider';
import type { SettlementEvent } from './settlement.events';

const given = DeciderSpecification.for(settlementDecider);
const create = (amounts: number[]): SettlementCommand => ({
  type: 'CreateSettlement',
  data: {
    settlementId: 'setl_Fixture000001',
    currency: 'INR',
    lines: amounts.map((amount, i) => ({ id: i === 0 ? 'pay_Line0' : `rfnd_Line${i}`, amount })),
  },
  metadata: metadata(),
});
const created: SettlementEvent = {
  type: 'SettlementCreated',
  data: {
    settlementId: 'setl_Fixture000001',
    currency: 'INR',
    amount: 38820,
    entryIds: ['pay_Line0', 'rfnd_Line1'],
    createdAt: NOW,
  },
};

describe('Settlement', () => {
  describe('when it does not exist', () => {
    it('settles the sum of its lines, net of refunds and adjustments', () => {
      given([])
        .when(create([48820, -10000]))
        .then([created]);
    });

    it('refuses lines that add up to nothing or less: a deficit is carried, never paid', () => {
      given([])
        .when(create([10000, -10000]))
        .thenThrows(IllegalTransition);
      given([])
        .when(create([1000, -5000]))
        .thenThrows(IllegalTransition);
    });
  });

  describe('when created', () => {
    it('is processed with the bank’s UTR', () => {
      given([created])
        .when({
          type: 'ProcessSettlement',
          data: { utr: 'utr0000000000001' },
          metadata: metadata(NOW + 1000),
        })
        .then([
          {
            type: 'SettlementProcessed',
            data: { utr: 'utr0000000000001', processedAt: NOW + 1000 },
          },
        ]);
    });

    it('fails with its amount, which returns to the balance', () => {
      given([created])
        .when({
          type: 'FailSettlement',
          data: { reason: 'refused' },
          metadata: metadata(NOW + 1000),
        })
        .then([
          {
            type: 'SettlementFailed',
            data: { currency: 'INR', amount: 38820, reason: 'refused', failedAt: NOW + 1000 },
          },
        ]);
    });

    it('cannot be created twice', () => {
      given([created])
        .when(create([100]))
        .thenThrows(AlreadyExists);
    });
  });

  describe('when processed', () => {
    it('ignores a repeated bank answer', () => {
      const processed: SettlementEvent = {
        type: 'SettlementProcessed',
        data: { utr: 'u', processedAt: NOW },
      };
      given([created, processed])
        .when({ type: 'FailSettlement', data: { reason: 'late' }, metadata: metadata() })
        .thenNothingHappened();
      given([created, processed])
        .when({ type: 'ProcessSettlement', data: { utr: 'v' }, metadata: metadata() })
        .thenNothingHappened();
    });
  });
});
