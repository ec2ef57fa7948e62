import { ValidationFailed } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { metadata, NOW } from '../posting/posting.fixtures';
import type { BalanceCommand } from './balance.commands';
import { balanceDecider, balanceIdOf } from './balance.decider';

const given = DeciderSpecification.for(balanceDecider);
const change = (
  data: { delayDays?: number; bankTransfersFail?: boolean },
  mode: 'test' | 'live' = 'test',
): BalanceCommand => ({
  type: 'ChangeSettlementSettings',
  data,
  metadata: { ...metadata(), mode },
});

describe('Balance', () => {
  describe('with the default settings (T+2, the bank accepts)', () => {
    it('changes the delay and keeps the rest', () => {
      given([])
        .when(change({ delayDays: 0 }))
        .then([
          { type: 'SettlementSettingsChanged', data: { delayDays: 0, bankTransfersFail: false } },
        ]);
    });

    it('refuses a delay outside 0–30 days, naming the field', () => {
      given([])
        .when(change({ delayDays: 31 }))
        .thenThrows(
          (error) => error instanceof ValidationFailed && error.field === 'settlement_delay_days',
        );
      given([])
        .when(change({ delayDays: -1 }))
        .thenThrows(ValidationFailed);
      given([])
        .when(change({ delayDays: 1.5 }))
        .thenThrows(ValidationFailed);
    });

    it('makes the bank refuse transfers in test mode only', () => {
      given([])
        .when(change({ bankTransfersFail: true }))
        .then([
          { type: 'SettlementSettingsChanged', data: { delayDays: 2, bankTransfersFail: true } },
        ]);
      given([])
        .when(change({ bankTransfersFail: true }, 'live'))
        .thenThrows(
          (error) => error instanceof ValidationFailed && error.field === 'bank_transfers_fail',
        );
    });
  });

  describe('with settings changed before', () => {
    it('keeps the delay when only the bank switch changes', () => {
      given([
        { type: 'SettlementSettingsChanged', data: { delayDays: 5, bankTransfersFail: true } },
      ])
        .when(change({ bankTransfersFail: false }))
        .then([
          { type: 'SettlementSettingsChanged', data: { delayDays: 5, bankTransfersFail: false } },
        ]);
    });
  });

  it('records each payout made from it', () => {
    const payouts = [
      { payoutId: 'setl_A', kind: 'settlement' as const, currency: 'INR', amount: 100 },
      { payoutId: 'setl_B', kind: 'settlement' as const, currency: 'USD', amount: 5 },
    ];
    given([])
      .when({ type: 'RecordPayouts', data: { payouts }, metadata: metadata() })
      .then(payouts.map((payout) => ({ type: 'PayoutMade', data: { ...payout, madeAt: NOW } })));
  });

  it('has one stream per account and mode', () => {
    expect(balanceIdOf({ accountId: 'acc_1', mode: 'test' })).toBe(
      balanceIdOf({ accountId: 'acc_1', mode: 'test' }),
    );
    expect(balanceIdOf({ accountId: 'acc_1', mode: 'test' })).not.toBe(
      balanceIdOf({ accountId: 'acc_1', mode: 'live' }),
    );
    expect(balanceIdOf({ accountId: 'acc_1', mode: 'test' })).toMatch(/^bal_[0-9A-Za-z]{14}$/);
  });
});
