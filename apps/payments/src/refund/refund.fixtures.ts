import type { CommandMetadata } from '@platform/domain-kit';
import type { CreateRefund, EditRefundNotes, ProcessRefund } from './refund.commands';
import type {
  Notes,
  RefundCreated,
  RefundNotesEdited,
  RefundProcessed,
  RefundTerms,
} from './refund.events';

export const REFUND_ID = 'rfnd_AbCdEfGhIjKlMn';
export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const ARN = '74836293817263548192736';
export const DAY_MS = 24 * 3600 * 1000;
/** When the refund is created (ms). */
export const NOW = 1_700_000_000_000;
/** When a normal refund is due: 5 days after it was created. */
export const NORMAL_DUE = NOW + 5 * DAY_MS;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};

export function refundTerms(overrides: Partial<RefundTerms> = {}): RefundTerms {
  return {
    paymentId: PAYMENT_ID,
    amount: 50_000,
    currency: 'INR',
    speedRequested: 'normal',
    notes: {},
    receipt: null,
    automatic: false,
    ...overrides,
  };
}

export function createRefund(overrides: Partial<RefundTerms> = {}): CreateRefund {
  return {
    type: 'CreateRefund',
    data: { refundId: REFUND_ID, terms: refundTerms(overrides) },
    metadata: METADATA,
  };
}

export function refundCreated(overrides: Partial<RefundTerms> = {}): RefundCreated {
  return {
    type: 'RefundCreated',
    data: { refundId: REFUND_ID, terms: refundTerms(overrides), createdAt: NOW },
  };
}

/** The scheduler's processing of the refund at `now`. */
export function processRefund(now: number): ProcessRefund {
  return { type: 'ProcessRefund', data: { arn: ARN }, metadata: { ...METADATA, now } };
}

export function refundProcessed(
  processedAt: number,
  speedProcessed: 'normal' | 'instant' = 'normal',
): RefundProcessed {
  return { type: 'RefundProcessed', data: { speedProcessed, arn: ARN, processedAt } };
}

export function editRefundNotes(notes: Notes): EditRefundNotes {
  return { type: 'EditRefundNotes', data: { notes }, metadata: { ...METADATA, now: NOW + 60_000 } };
}

export function refundNotesEdited(notes: Notes): RefundNotesEdited {
  return { type: 'RefundNotesEdited', data: { notes } };
}
