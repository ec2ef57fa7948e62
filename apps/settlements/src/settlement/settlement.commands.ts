import type { Command } from '@platform/domain-kit';

/** A settleable line of the balance: a ledger transaction's id and what it moves the balance by. */
export interface SettleableLine {
  id: string;
  amount: number;
}

export type CreateSettlement = Command<
  'CreateSettlement',
  { settlementId: string; currency: string; lines: SettleableLine[] }
>;
export type ProcessSettlement = Command<'ProcessSettlement', { utr: string }>;
export type FailSettlement = Command<'FailSettlement', { reason: string }>;

export type SettlementCommand = CreateSettlement | ProcessSettlement | FailSettlement;
