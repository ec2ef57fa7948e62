import { NOW } from '../posting/posting.fixtures';
import { ledgerEffectOf } from './ledger-postings';
import { balancesAfter, postingsOf, stored, ZERO_BALANCES } from './ledger.fixtures';

/** Scenario: a ₹388.20 settlement of two lines; then one that the bank refuses; then a ₹2,000 on-demand settlement, reversed. */
describe('ledger: payouts', () => {
  it('moves a settlement from the balance to settled and takes its lines', () => {
    const effect = ledgerEffectOf(
      stored(
        {
          type: 'SettlementCreated',
          data: {
            settlementId: 'setl_1',
            currency: 'INR',
            amount: 38820,
            entryIds: ['pay_1', 'rfnd_1'],
            createdAt: NOW,
          },
        },
        'setl_1',
      ),
    );
    expect(balancesAfter(effect?.transactions ?? [])).toMatchObject({
      balance: -38820,
      settled: 38820,
    });
    expect(effect?.transactions[0]).toMatchObject({
      id: 'setl_1',
      kind: 'settlement',
      line: false,
      recon: null,
    });
    expect(effect?.settles).toEqual({ settlementId: 'setl_1', lineIds: ['pay_1', 'rfnd_1'] });
  });

  it('returns a failed settlement’s amount to the balance and gives its lines back', () => {
    const effect = ledgerEffectOf(
      stored(
        {
          type: 'SettlementFailed',
          data: { currency: 'INR', amount: 38820, reason: 'refused', failedAt: NOW },
        },
        'setl_1',
        2,
      ),
    );
    expect(balancesAfter(effect?.transactions ?? [])).toMatchObject({
      balance: 38820,
      settled: -38820,
    });
    expect(effect?.transactions[0]).toMatchObject({
      id: 'setl_1:returned',
      kind: 'settlement_returned',
      line: false,
    });
    expect(effect?.releases).toEqual({ settlementId: 'setl_1' });
  });

  it('takes an on-demand settlement from the balance: the bank gets it less the fees the platform keeps', () => {
    const created = postingsOf(
      {
        type: 'OndemandSettlementCreated',
        data: {
          settlementId: 'setlod_1',
          currency: 'INR',
          amountRequested: 200000,
          settleFullBalance: false,
          description: 'Payday',
          notes: {},
          fees: 590,
          tax: 90,
          payouts: [],
          createdAt: NOW,
        },
      },
      'setlod_1',
    );
    expect(balancesAfter(created)).toEqual({
      captured: 0,
      fees: 500,
      tax: 90,
      refunds: 0,
      adjustments: 0,
      settled: 199410,
      on_hold: 0,
      balance: -200000,
    });
    expect(created[0]).toMatchObject({
      id: 'setlod_1',
      kind: 'ondemand',
      line: true,
      recon: {
        type: 'adjustment',
        amount: 200000,
        fee: 590,
        tax: 90,
        description: 'On-demand settlement (Payday)',
      },
    });
    const reversed = postingsOf(
      {
        type: 'OndemandSettlementReversed',
        data: {
          currency: 'INR',
          amountRequested: 200000,
          fees: 590,
          tax: 90,
          reason: 'refused',
          reversedAt: NOW,
        },
      },
      'setlod_1',
    );
    expect(balancesAfter([...created, ...reversed])).toEqual(ZERO_BALANCES);
    expect(reversed[0]).toMatchObject({
      id: 'setlod_1:returned',
      kind: 'ondemand_returned',
      line: true,
    });
  });

  it('posts nothing for events that move no money', () => {
    expect(
      ledgerEffectOf(stored({ type: 'SettlementProcessed', data: { utr: 'u', processedAt: NOW } })),
    ).toBeNull();
  });
});
