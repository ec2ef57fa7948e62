import type { Command } from '@platform/domain-kit';
import type { Notes } from './ondemand-settlement.events';

/**
 * `available`: the balance's settleable amount as the edge read it, in the same attempt as the
 * balance's version (the request is decided again if another payout got there first).
 */
export type RequestOndemandSettlement = Command<
  'RequestOndemandSettlement',
  {
    settlementId: string;
    currency: string;
    amount: number | null;
    settleFullBalance: boolean;
    description: string | null;
    notes: Notes;
    available: number;
  }
>;
export type ProcessOndemandSettlement = Command<'ProcessOndemandSettlement', { utrs: string[] }>;
export type ReverseOndemandSettlement = Command<'ReverseOndemandSettlement', { reason: string }>;

export type OndemandSettlementCommand =
  RequestOndemandSettlement | ProcessOndemandSettlement | ReverseOndemandSettlement;
