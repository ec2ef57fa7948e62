import type { Event } from '@platform/domain-kit';

/** Every time: milliseconds on the account's clock. */

/** The balance's settleable entries were taken, their sum owed to the merchant's bank. */
export type SettlementCreated = Event<
  'SettlementCreated',
  { settlementId: string; currency: string; amount: number; entryIds: string[]; createdAt: number }
>;

/** The bank credited the merchant: `utr` is its reference. */
export type SettlementProcessed = Event<
  'SettlementProcessed',
  { utr: string; processedAt: number }
>;

/** The bank refused the transfer: the amount returns to the balance and its entries wait for the next cycle. */
export type SettlementFailed = Event<
  'SettlementFailed',
  { currency: string; amount: number; reason: string; failedAt: number }
>;

export type SettlementEvent = SettlementCreated | SettlementProcessed | SettlementFailed;
