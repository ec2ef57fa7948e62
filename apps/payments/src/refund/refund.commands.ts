import type { Command } from '@platform/domain-kit';
import type { Notes, RefundTerms } from './refund.events';

export type CreateRefund = Command<'CreateRefund', { refundId: string; terms: RefundTerms }>;

/** The scheduled processing of a pending refund. */
export type ProcessRefund = Command<'ProcessRefund', { arn: string }>;

export type EditRefundNotes = Command<'EditRefundNotes', { notes: Notes }>;

export type RefundCommand = CreateRefund | ProcessRefund | EditRefundNotes;
