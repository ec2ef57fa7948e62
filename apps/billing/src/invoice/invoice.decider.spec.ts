import { IllegalTransition } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing';
import type { RecordInvoicePayment } from './invoice.commands';
import { invoiceDecider } from './invoice.decider';
import type { InvoiceEvent, InvoicePaymentRejectionReason, InvoiceTerms } from './invoice.events';

const given = DeciderSpecification.for(invoiceDecider);

const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const INVOICE_ID = 'inv_AbCdEfGhIjKlMn';
const ORDER_ID = 'order_AbCdEfGhIjKlMn';
const [PAYMENT, SECOND_PAYMENT] = ['pay_AbCdEfGhIjKlMn', 'pay_BcDeFgHiJkLmNo'];
const METADATA: CommandMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: LATER };

const TERMS: InvoiceTerms = {
  type: 'invoice',
  customer: null,
  currency: 'INR',
  description: null,
  expireBy: null,
  partialPayment: true,
  smsNotify: false,
  emailNotify: false,
  receipt: null,
  notes: {},
  date: null,
  subscriptionId: null,
  billingStart: null,
  billingEnd: null,
  lines: [
    {
      id: 'li_AbCdEfGhIjKlMn',
      itemId: null,
      type: 'invoice',
      name: 'Annual plan',
      description: null,
      unitAmount: 100_000,
      currency: 'INR',
      quantity: 1,
      taxRateBasisPoints: null,
      taxInclusive: false,
      hsnCode: null,
      sacCode: null,
      unit: null,
    },
  ],
};

const ISSUED: InvoiceEvent[] = [
  { type: 'InvoiceCreated', data: { invoiceId: INVOICE_ID, terms: TERMS, createdAt: NOW } },
  { type: 'InvoiceIssued', data: { orderId: ORDER_ID, at: NOW } },
];
const recordPayment = (paymentId: string, amount: number): RecordInvoicePayment => ({
  type: 'RecordInvoicePayment',
  data: { paymentId, amount },
  metadata: METADATA,
});
const recorded = (paymentId: string, amount: number): InvoiceEvent => ({
  type: 'InvoicePaymentRecorded',
  data: { paymentId, amount, at: LATER },
});
const rejected = (
  paymentId: string,
  amount: number,
  reason: InvoicePaymentRejectionReason,
): InvoiceEvent => ({
  type: 'InvoicePaymentRejected',
  data: { paymentId, amount, reason, at: LATER },
});

describe('Invoice', () => {
  describe('when issued', () => {
    it('records a payment towards its amount', () => {
      given(ISSUED)
        .when(recordPayment(PAYMENT, 40_000))
        .then([recorded(PAYMENT, 40_000)]);
    });

    it('rejects a payment of more than is due (payments refunds it)', () => {
      given([...ISSUED, recorded(PAYMENT, 40_000)])
        .when(recordPayment(SECOND_PAYMENT, 60_001))
        .then([rejected(SECOND_PAYMENT, 60_001, 'exceeds_amount_due')]);
    });
  });

  describe.each([
    ['cancelled', { type: 'InvoiceCancelled', data: { at: NOW } }],
    ['expired', { type: 'InvoiceExpired', data: { at: NOW } }],
  ] as const)('when %s before a payment arrived', (status, ended) => {
    const history: InvoiceEvent[] = [...ISSUED, ended];

    it('rejects the payment, naming why (payments refunds it)', () => {
      given(history)
        .when(recordPayment(PAYMENT, 100_000))
        .then([rejected(PAYMENT, 100_000, `invoice_${status}`)]);
    });

    it('rejects a payment once, however often it is reported', () => {
      given([...history, rejected(PAYMENT, 100_000, `invoice_${status}`)])
        .when(recordPayment(PAYMENT, 100_000))
        .thenNothingHappened();
    });
  });

  describe('when paid', () => {
    const paid: InvoiceEvent[] = [
      ...ISSUED,
      recorded(PAYMENT, 100_000),
      { type: 'InvoicePaid', data: { paymentId: PAYMENT, at: LATER } },
    ];

    it('ignores its own payment reported again', () => {
      given(paid).when(recordPayment(PAYMENT, 100_000)).thenNothingHappened();
    });

    it('rejects another payment (payments refunds it)', () => {
      given(paid)
        .when(recordPayment(SECOND_PAYMENT, 100))
        .then([rejected(SECOND_PAYMENT, 100, 'invoice_paid')]);
    });
  });

  describe('when a draft', () => {
    it('cannot be paid: it has no order', () => {
      given(ISSUED.slice(0, 1)).when(recordPayment(PAYMENT, 100_000)).thenThrows(IllegalTransition);
    });
  });
});
