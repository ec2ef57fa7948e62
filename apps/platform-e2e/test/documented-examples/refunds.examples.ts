import { COLLECTION, keys, REFUND } from './entity-fields';
import type { DocumentedExample } from './example';

const A_REFUND =
  'id entity amount currency payment_id notes receipt acquirer_data created_at batch_id status speed_processed speed_requested';
const SCOTTY_NOTES = { notes_key_1: 'Beam me up Scotty.', notes_key_2: 'Engage' };

export const REFUND_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/refund.md#create-a-normal-refund',
    call: { resource: 'payments', method: 'refund' },
    request: [
      '$capturedPayment.id',
      { amount: '100', speed: 'normal', notes: SCOTTY_NOTES, receipt: 'Receipt No. 31' },
    ],
    expect: { status: 200, fields: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/refund.md#create-an-instant-refund',
    call: { resource: 'payments', method: 'refund' },
    request: [
      '$capturedPayment.id',
      { amount: '100', speed: 'optimum', receipt: 'Receipt No. 31' },
    ],
    expect: {
      status: 200,
      fields: keys(
        REFUND,
        'id entity amount currency payment_id notes receipt acquirer_data created_at batch_id status speed_requested',
      ),
    },
  },
  {
    source: 'razorpay-node documents/refund.md#fetch-multiple-refunds-for-a-payment',
    call: { resource: 'payments', method: 'fetchMultipleRefund' },
    request: ['$refund.payment_id', {}],
    expect: { status: 200, fields: COLLECTION, items: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/refund.md#fetch-a-specific-refund-for-a-payment',
    call: { resource: 'payments', method: 'fetchRefund' },
    request: ['$refund.payment_id', '$refund.id'],
    expect: { status: 200, fields: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/refund.md#fetch-all-refunds',
    call: { resource: 'refunds', method: 'all' },
    request: [{}],
    given: ['refund'],
    expect: { status: 200, fields: COLLECTION, items: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/refund.md#fetch-particular-refund',
    call: { resource: 'refunds', method: 'fetch' },
    request: ['$refund.id'],
    expect: { status: 200, fields: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/refund.md#update-the-refund',
    call: { resource: 'refunds', method: 'edit' },
    request: ['$refund.id', { notes: SCOTTY_NOTES }],
    expect: { status: 200, fields: keys(REFUND, A_REFUND) },
  },
  {
    source: 'razorpay-node documents/qrcode.md#refund-a-payment',
    call: { resource: 'payments', method: 'refund' },
    request: ['$paidQrCode.payment_id', { amount: '100', notes: SCOTTY_NOTES }],
    expect: {
      status: 200,
      fields: keys(
        REFUND,
        'id entity amount receipt currency payment_id notes acquirer_data created_at batch_id status speed_processed speed_requested',
      ),
    },
  },
  {
    source: 'razorpay-python documents/qrcode.md#refund-a-payment',
    call: { resource: 'payments', method: 'refund' },
    request: ['pay_JRP3Y66cNcf2qF', { amount: '100', notes: SCOTTY_NOTES }],
    unsupported: 'the document names a payment of another account',
    expectError: { status: 400, description: 'The id provided does not exist' },
  },
  {
    source: 'razorpay-node documents/virtualAccount.md#refund-payments-made-to-a-virtual-account',
    call: { resource: 'payments', method: 'refund' },
    request: [
      '$capturedPayment.id',
      { amount: '100', speed: 'normal', notes: SCOTTY_NOTES, receipt: 'Receipt No. 31' },
    ],
    expect: {
      status: 200,
      fields: keys(
        REFUND,
        'id entity amount currency payment_id notes receipt acquirer_data created_at',
      ),
    },
  },
  {
    source:
      'razorpay-node documents/transfer.md#refund-payments-and-reverse-transfer-from-a-linked-account',
    call: { resource: 'payments', method: 'refund' },
    request: ['$capturedPayment.id', { amount: 100, reverse_all: true }],
    unsupported: 'Route transfers are not offered: there are no transfers to reverse',
    expectError: {
      status: 400,
      description: 'reverse_all is/are not required and should not be sent',
      field: 'reverse_all',
    },
  },
];
