import type { Event } from '@platform/domain-kit';

/** How an account's balance is settled in one mode. */
export interface SettlementSettings {
  /** Captured payments become settleable this many days after their capture (0–30). */
  delayDays: number;
  /** Test mode only: the merchant's bank refuses every transfer (settlements fail, on-demand ones are reversed). */
  bankTransfersFail: boolean;
}

/** Every time: milliseconds on the account's clock. */
export type SettlementSettingsChanged = Event<'SettlementSettingsChanged', SettlementSettings>;

/** Money left the balance for the merchant's bank: a scheduled settlement or an on-demand one. */
export type PayoutMade = Event<
  'PayoutMade',
  {
    payoutId: string;
    kind: 'settlement' | 'ondemand';
    currency: string;
    amount: number;
    madeAt: number;
  }
>;

/** The bank refused a payout: its amount is back in the balance. */
export type PayoutReturned = Event<
  'PayoutReturned',
  { payoutId: string; currency: string; amount: number; returnedAt: number }
>;

export type BalanceEvent = SettlementSettingsChanged | PayoutMade | PayoutReturned;
