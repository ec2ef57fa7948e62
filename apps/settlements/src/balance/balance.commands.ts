import type { Command } from '@platform/domain-kit';

export type ChangeSettlementSettings = Command<
  'ChangeSettlementSettings',
  { delayDays?: number; bankTransfersFail?: boolean }
>;
export type RecordPayouts = Command<
  'RecordPayouts',
  {
    payouts: {
      payoutId: string;
      kind: 'settlement' | 'ondemand';
      currency: string;
      amount: number;
    }[];
  }
>;
export type ReturnPayout = Command<
  'ReturnPayout',
  { payoutId: string; currency: string; amount: number }
>;

export type BalanceCommand = ChangeSettlementSettings | RecordPayouts | ReturnPayout;
