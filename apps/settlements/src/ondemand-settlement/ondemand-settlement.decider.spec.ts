import { ValidationFailed } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { metadata, NOW } from '../posting/posting.fixtures';
import type { RequestOndemandSettlement } from './ondemand-settlement.commands';
import { ondemandSettlementDecider } from './ondemand-settlement.decider';
import type { OndemandSettlementEvent } from './ondemand-settlement.events';

const given = DeciderSpecification.for(ondemandSettlementDecider);
const request = (data: Partial<RequestOndemandSettlement['data']>): RequestOndemandSettlement => ({
  type: 'RequestOndemandSettlement',
  data: {
    settlementId: 'setlod_Fixture00001',
    currency: 'INR',
    amount: 200000,
    settleFullBalance: false,
    description: null,
    notes: {},
    available: 500000,
    ...data,
  },
  metadata: metadata(),
});
const refusedOn = (field: string, message?: RegExp) => (error: unknown) =>
  error instanceof ValidationFailed &&
  error.field === field &&
  (!message || message.test(error.description));

describe('On-demand settlement', () => {
  describe('when requested', () => {
    it('takes the amount from the balance, less 0.25% plus GST, as Razorpay’s example', () => {
      given([])
        .when(request({}))
        .then([
          {
            type: 'OndemandSettlementCreated',
            data: {
              settlementId: 'setlod_Fixture00001',
              currency: 'INR',
              amountRequested: 200000,
              settleFullBalance: false,
              description: null,
              notes: {},
              fees: 590,
              tax: 90,
              payouts: [
                {
                  payoutId: expect.stringMatching(/^setlodp_/) as unknown as string,
                  amount: 200000,
                  fees: 590,
                  tax: 90,
                },
              ],
              createdAt: NOW,
            },
          },
        ]);
    });

    it('refuses more than is available, saying how much is', () => {
      given([])
        .when(request({ amount: 500001 }))
        .thenThrows(refusedOn('amount', /500000 \(₹5000\.00\) is available/));
    });

    it('settles the full balance when asked, whatever the amount says', () => {
      const [event] = [
        ondemandSettlementDecider.decide(
          request({ amount: null, settleFullBalance: true, available: 123456 }),
          ondemandSettlementDecider.initialState(),
        ),
      ].flat();
      expect(event).toMatchObject({
        type: 'OndemandSettlementCreated',
        data: { amountRequested: 123456, settleFullBalance: true },
      });
    });

    it('refuses to settle a full balance that is empty or negative', () => {
      given([])
        .when(request({ amount: null, settleFullBalance: true, available: -5000 }))
        .thenThrows(refusedOn('settle_full_balance', /₹0\.00 is available/));
    });

    it('refuses less than ₹1', () => {
      given([])
        .when(request({ amount: 99 }))
        .thenThrows(refusedOn('amount', /at least 100/));
    });

    it('pays more than ₹5,00,000 in several credits, each with its own fee', () => {
      const [event] = [
        ondemandSettlementDecider.decide(
          request({ amount: 120_000_000, available: 200_000_000 }),
          ondemandSettlementDecider.initialState(),
        ),
      ].flat();
      const payouts = event.type === 'OndemandSettlementCreated' ? event.data.payouts : [];
      expect(payouts.map((payout) => [payout.amount, payout.fees, payout.tax])).toEqual([
        [50_000_000, 147_500, 22_500],
        [50_000_000, 147_500, 22_500],
        [20_000_000, 59_000, 9_000],
      ]);
      expect(new Set(payouts.map((payout) => payout.payoutId)).size).toBe(3);
      expect(event).toMatchObject({ data: { fees: 354_000, tax: 54_000 } });
    });
  });

  describe('when created', () => {
    const created: OndemandSettlementEvent = {
      type: 'OndemandSettlementCreated',
      data: {
        settlementId: 'setlod_Fixture00001',
        currency: 'INR',
        amountRequested: 200000,
        settleFullBalance: false,
        description: null,
        notes: {},
        fees: 590,
        tax: 90,
        payouts: [{ payoutId: 'setlodp_1', amount: 200000, fees: 590, tax: 90 }],
        createdAt: NOW,
      },
    };

    it('is processed with a UTR per payout', () => {
      given([created])
        .when({
          type: 'ProcessOndemandSettlement',
          data: { utrs: ['u1'] },
          metadata: metadata(NOW + 1),
        })
        .then([
          { type: 'OndemandSettlementProcessed', data: { utrs: ['u1'], processedAt: NOW + 1 } },
        ]);
    });

    it('is reversed with everything it took, fees included', () => {
      given([created])
        .when({
          type: 'ReverseOndemandSettlement',
          data: { reason: 'refused' },
          metadata: metadata(NOW + 1),
        })
        .then([
          {
            type: 'OndemandSettlementReversed',
            data: {
              currency: 'INR',
              amountRequested: 200000,
              fees: 590,
              tax: 90,
              reason: 'refused',
              reversedAt: NOW + 1,
            },
          },
        ]);
    });
  });
});
