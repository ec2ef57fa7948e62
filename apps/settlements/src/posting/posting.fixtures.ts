import type { CommandMetadata } from '@platform/domain-kit';
import type {
  DisputeTerms,
  OpenDisputeHold,
  PostCapture,
  PostRefund,
  ResolveDispute,
} from './posting.commands';
import type { PaymentFacts } from './posting.events';

export const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z
export const metadata = (now = NOW): CommandMetadata => ({
  accountId: 'acc_Fixture000001',
  mode: 'test',
  now,
});

export const cardPayment = (overrides: Partial<PaymentFacts> = {}): PaymentFacts => ({
  createdAt: NOW - 60_000,
  method: 'card',
  description: 'Order #1',
  notes: { crm: 'C-1' },
  orderId: 'order_Fixture000001',
  orderReceipt: 'rcpt-1',
  card: { network: 'Visa', issuer: 'HDFC', type: 'credit' },
  ...overrides,
});

export const postCapture = (data: Partial<PostCapture['data']> = {}, now = NOW): PostCapture => ({
  type: 'PostCapture',
  data: {
    paymentId: 'pay_Fixture000001',
    currency: 'INR',
    amount: 50000,
    fee: 1180,
    tax: 180,
    payment: cardPayment(),
    ...data,
  },
  metadata: metadata(now),
});

export const postRefund = (data: Partial<PostRefund['data']> = {}, now = NOW): PostRefund => ({
  type: 'PostRefund',
  data: {
    refundId: 'rfnd_Fixture000001',
    paymentId: 'pay_Fixture000001',
    currency: 'INR',
    amount: 10000,
    notes: {},
    captured: true,
    payment: cardPayment(),
    ...data,
  },
  metadata: metadata(now),
});

export const disputeTerms = (amount = 20000): DisputeTerms => ({
  disputeId: 'disp_Fixture000001',
  paymentId: 'pay_Fixture000001',
  currency: 'INR',
  amount,
});

export const openHold = (amount = 20000, now = NOW): OpenDisputeHold => ({
  type: 'OpenDisputeHold',
  data: { terms: disputeTerms(amount), holdId: 'adj_Hold0000000001' },
  metadata: metadata(now),
});

export const resolveDispute = (
  outcome: ResolveDispute['data']['outcome'],
  amountDeducted = 0,
  amount = 20000,
  now = NOW,
): ResolveDispute => ({
  type: 'ResolveDispute',
  data: {
    terms: disputeTerms(amount),
    outcome,
    amountDeducted,
    releaseId: 'adj_Release000001',
    lossId: 'adj_Loss000000001',
  },
  metadata: metadata(now),
});
