import { CARD, COLLECTION, keys, ORDER, PAYMENT } from './entity-fields';
import type { DocumentedExample } from './example';

/** The keys of payment.md's capture, list and fetch answers. */
const A_PAYMENT =
  'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact customer_id notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at';

const RECURRING_TOKEN = 'recurring payments are not offered: a payment has no token_id';

const fetchesTokenOf = (doc: string, payment = '$capturedPayment.id'): DocumentedExample => ({
  source: `razorpay-node documents/${doc}.md#fetch-token-by-payment-id`,
  call: { resource: 'payments', method: 'fetch' },
  request: [payment],
  unsupported: RECURRING_TOKEN,
  expect: { status: 200, fields: keys(PAYMENT, A_PAYMENT), lacks: ['token_id'] },
});

export const PAYMENT_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/payment.md#capture-payment',
    call: { resource: 'payments', method: 'capture' },
    request: ['$authorizedPayment.id', 1000, 'INR'],
    expect: { status: 200, fields: keys(PAYMENT, A_PAYMENT) },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-all-payments',
    call: { resource: 'payments', method: 'all' },
    request: [{}],
    given: ['capturedPayment'],
    expect: { status: 200, fields: COLLECTION, items: keys(PAYMENT, A_PAYMENT) },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-a-payment',
    call: { resource: 'payments', method: 'fetch' },
    request: ['$capturedPayment.id'],
    expect: { status: 200, fields: keys(PAYMENT, A_PAYMENT) },
  },
  {
    source: 'razorpay-node documents/payment.md#update-a-payment',
    call: { resource: 'payments', method: 'edit' },
    request: ['$capturedPayment.id', { notes: { key1: 'value1', key2: 'value2' } }],
    expect: {
      status: 200,
      fields: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
    },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-expanded-card-or-emi-details-for-payments',
    call: { resource: 'payments', method: 'all' },
    request: [{ 'expand[]': 'card' }],
    given: ['capturedPayment'],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id card bank wallet vpa email contact notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
    },
  },
  {
    source:
      'razorpay-node documents/payment.md#fetch-expanded-card-or-emi-details-for-payments (request 2)',
    call: { resource: 'payments', method: 'all' },
    request: [{ 'expand[]': 'emi' }],
    given: ['capturedPayment'],
    unsupported: 'EMI is not offered: there is no emi to expand',
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
      lacks: ['emi'],
    },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-card-details-with-paymentid',
    call: { resource: 'payments', method: 'fetchCardDetails' },
    request: ['$capturedPayment.id'],
    expect: {
      status: 200,
      fields: keys(CARD, 'id entity name last4 network type issuer international emi sub_type'),
    },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-payment-downtime-details',
    call: { resource: 'payments', method: 'fetchPaymentDowntime' },
    request: [],
    expect: { status: 200, fields: COLLECTION },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-payment-downtime',
    call: { resource: 'payments', method: 'fetchPaymentDowntimeById' },
    request: ['down_F7LtfIkSd2r6sx'],
    unsupported: 'the test bank announces no downtimes, so no downtime id exists',
    expectError: { status: 400, description: 'The id provided does not exist' },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-a-payment-with-expanded-card-details',
    call: { resource: 'payments', method: 'fetch' },
    request: ['$capturedPayment.id', { 'expand[]': 'card' }],
    expect: {
      status: 200,
      fields: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id terminal_id method amount_refunded refund_status captured description card_id card bank wallet vpa email contact notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
    },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-a-payment-with-expanded-offers-details',
    call: { resource: 'payments', method: 'fetch' },
    request: ['$capturedPayment.id', { 'expand[]': 'emi' }],
    unsupported: 'EMI is not offered: there is no emi to expand',
    expect: {
      status: 200,
      fields: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
      lacks: ['emi'],
    },
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-a-payment-with-expanded-upi-details',
    call: { resource: 'payments', method: 'fetch' },
    request: ['$upiPayment.id', { 'expand[]': 'upi' }],
    expect: {
      status: 200,
      fields: keys(PAYMENT, `${A_PAYMENT} upi`),
    },
  },
  fetchesTokenOf('card'),
  fetchesTokenOf('emandate'),
  fetchesTokenOf('papernach'),
  fetchesTokenOf('registerEmandate'),
  fetchesTokenOf('registerNach'),
  fetchesTokenOf('upi', '$upiPayment.id'),
  fetchesTokenOf('token'),
  {
    source: 'razorpay-node documents/transfer.md#fetch-payments-of-a-linked-account',
    call: { resource: 'payments', method: 'all' },
    headers: { 'X-Razorpay-Account': 'acc_IRQWUleX4BqvYn' },
    request: [],
    given: ['capturedPayment'],
    unsupported:
      'Route linked accounts are not offered: X-Razorpay-Account is ignored and the key’s own payments are listed',
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact notes fee tax error_code error_description created_at',
      ),
      lacks: [],
    },
  },
  {
    source: 'razorpay-python documents/transfer.md#fetch-payments-of-a-linked-account',
    // The Python document passes the header as a list parameter; the Node SDK's list sends only
    // its own filters, so the request is a plain list.
    call: { resource: 'payments', method: 'all' },
    request: [{ 'X-Razorpay-Account': 'acc_IRQWUleX4BqvYn' }],
    given: ['capturedPayment'],
    unsupported:
      'Route linked accounts are not offered (and the account goes in a header): the key’s own payments are listed',
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(PAYMENT, 'id entity amount status'),
      lacks: [],
    },
  },
  {
    source: 'razorpay-node documents/transfer.md#fetch-transfer-for-an-order',
    call: { resource: 'orders', method: 'fetchTransferOrder' },
    request: ['$order.id'],
    unsupported: 'Route transfers are not offered: an order has no transfers to expand',
    expect: {
      status: 200,
      fields: keys(
        ORDER,
        'id entity amount amount_paid amount_due currency receipt offer_id status attempts notes created_at',
      ),
      lacks: ['transfers'],
    },
  },
];
