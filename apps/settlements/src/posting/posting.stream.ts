import type { CommandSpec } from '@platform/event-store';
import { ledgerProjection } from '../ledger/ledger.projection';
import { CAPTURE_POSTING_STREAM, capturePostingDecider } from './capture-posting.decider';
import type { CapturePosting } from './capture-posting.decider';
import { DISPUTE_POSTING_STREAM, disputePostingDecider } from './dispute-posting.decider';
import type { DisputePosting } from './dispute-posting.decider';
import type {
  CapturePostingCommand,
  DisputePostingCommand,
  RefundPostingCommand,
} from './posting.commands';
import type {
  CapturePostingEvent,
  DisputePostingEvent,
  RefundPostingEvent,
} from './posting.events';
import { REFUND_POSTING_STREAM, refundPostingDecider } from './refund-posting.decider';
import type { RefundPosting } from './refund-posting.decider';

/*
 * Postings of payments' facts: one stream per payment, refund and dispute (its id is the stream's),
 * each posted to the ledger in the same statement.
 */

export function onCapturePosting(
  paymentId: string,
  command: CapturePostingCommand,
): CommandSpec<CapturePosting, CapturePostingCommand, CapturePostingEvent> {
  return {
    decider: capturePostingDecider,
    streamType: CAPTURE_POSTING_STREAM,
    streamId: paymentId,
    command,
    projections: [ledgerProjection],
  };
}

export function onRefundPosting(
  refundId: string,
  command: RefundPostingCommand,
): CommandSpec<RefundPosting, RefundPostingCommand, RefundPostingEvent> {
  return {
    decider: refundPostingDecider,
    streamType: REFUND_POSTING_STREAM,
    streamId: refundId,
    command,
    projections: [ledgerProjection],
  };
}

export function onDisputePosting(
  disputeId: string,
  command: DisputePostingCommand,
): CommandSpec<DisputePosting, DisputePostingCommand, DisputePostingEvent> {
  return {
    decider: disputePostingDecider,
    streamType: DISPUTE_POSTING_STREAM,
    streamId: disputeId,
    command,
    projections: [ledgerProjection],
  };
}
