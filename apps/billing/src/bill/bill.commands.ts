import type { Command } from '@platform/domain-kit';
import type { BillDraft, BillSummary } from './bill.events';

/** Totals the client sent with the bill: each one sent must equal the computed one. */
export type ClaimedSummary = Partial<BillSummary>;

export type CreateBill = Command<
  'CreateBill',
  { billId: string; draft: BillDraft; claimed: ClaimedSummary }
>;

/** The fields sent replace those fields; the bill that results is checked and priced as a whole. */
export type UpdateBill = Command<
  'UpdateBill',
  { changes: Partial<BillDraft>; claimed: ClaimedSummary }
>;

export type DeleteBill = Command<'DeleteBill', Record<string, never>>;

export type BillCommand = CreateBill | UpdateBill | DeleteBill;
