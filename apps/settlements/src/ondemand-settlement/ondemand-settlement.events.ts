import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;

/** One credit to the merchant's bank: `amount` of the request, less its `fees` (GST included). */
export interface OndemandPayout {
  payoutId: string;
  amount: number;
  fees: number;
  tax: number;
}

/** Every time: milliseconds on the account's clock. */

/** The merchant asked for its balance now: taken from it at once, paid out in `payouts`. */
export type OndemandSettlementCreated = Event<
  'OndemandSettlementCreated',
  {
    settlementId: string;
    currency: string;
    amountRequested: number;
    settleFullBalance: boolean;
    description: string | null;
    notes: Notes;
    fees: number;
    tax: number;
    payouts: OndemandPayout[];
    createdAt: number;
  }
>;

/** The bank credited every payout: `utrs` in payout order. */
export type OndemandSettlementProcessed = Event<
  'OndemandSettlementProcessed',
  { utrs: string[]; processedAt: number }
>;

/** The bank refused the payouts: the whole amount requested, fees included, is back in the balance. */
export type OndemandSettlementReversed = Event<
  'OndemandSettlementReversed',
  {
    currency: string;
    amountRequested: number;
    fees: number;
    tax: number;
    reason: string;
    reversedAt: number;
  }
>;

export type OndemandSettlementEvent =
  OndemandSettlementCreated | OndemandSettlementProcessed | OndemandSettlementReversed;
