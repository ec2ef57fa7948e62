import type { Command } from '@platform/domain-kit';
import type { DisputeTerms, Evidence } from './dispute.events';

export type RaiseDispute = Command<'RaiseDispute', { disputeId: string; terms: DisputeTerms }>;

export type AcceptDispute = Command<'AcceptDispute', Record<string, never>>;

/** The evidence fields sent replace those fields of what was saved before. */
export type ContestDispute = Command<
  'ContestDispute',
  { evidence: Partial<Evidence>; action: 'draft' | 'submit' }
>;

/** Scheduled at respond_by: an open dispute nobody answered is lost. */
export type ExpireDispute = Command<'ExpireDispute', Record<string, never>>;

/** Scheduled after a submission: the bank's decision (the simulator's rule). */
export type DecideDispute = Command<'DecideDispute', Record<string, never>>;

export type DisputeCommand =
  RaiseDispute | AcceptDispute | ContestDispute | ExpireDispute | DecideDispute;
