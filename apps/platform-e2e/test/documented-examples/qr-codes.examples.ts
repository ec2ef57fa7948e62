import { COLLECTION, keys, PAYMENT, QR_CODE } from './entity-fields';
import type { DocumentedExample } from './example';

const A_CODE =
  'id entity created_at name usage type image_url payment_amount status description fixed_amount payments_amount_received payments_count_received notes customer_id close_by closed_at close_reason';

const STORE_CODE = {
  type: 'upi_qr',
  name: 'Store_1',
  usage: 'single_use',
  fixed_amount: true,
  payment_amount: 300,
  description: 'For Store 1',
  customer_id: '$customer.id',
  close_by: '$now+1d',
  notes: { purpose: 'Test UPI QR code notes' },
};

export const QR_CODE_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/qrcode.md#create-qr-code',
    call: { resource: 'qrCode', method: 'create' },
    request: [STORE_CODE],
    expect: { status: 200, fields: keys(QR_CODE, A_CODE) },
  },
  {
    source: 'razorpay-node documents/qrcode.md#create-qr-code-with-gst',
    call: { resource: 'qrCode', method: 'create' },
    request: [
      {
        ...STORE_CODE,
        tax_invoice: {
          number: 'INV001',
          date: '$now',
          customer_name: 'Gaurav Kumar',
          business_gstin: '06AABCU9605R1ZR',
          gst_amount: 4000,
          cess_amount: 0,
          supply_type: 'interstate',
        },
      },
    ],
    expect: {
      status: 200,
      fields: keys(
        QR_CODE,
        'id entity created_at name usage type image_url payment_amount status description fixed_amount payments_amount_received payments_count_received notes customer_id close_by tax_invoice',
      ),
    },
  },
  {
    source: 'razorpay-node documents/qrcode.md#fetch-all-qr-code',
    call: { resource: 'qrCode', method: 'all' },
    request: [],
    given: ['qrCode'],
    expect: { status: 200, fields: COLLECTION, items: keys(QR_CODE, A_CODE) },
  },
  {
    source: 'razorpay-node documents/qrcode.md#fetch-a-qr-code',
    call: { resource: 'qrCode', method: 'fetch' },
    request: ['$qrCode.id'],
    expect: { status: 200, fields: keys(QR_CODE, A_CODE) },
  },
  {
    source: 'razorpay-node documents/qrcode.md#fetch-a-qr-code-for-customer-id',
    call: { resource: 'qrCode', method: 'all' },
    request: [{ customer_id: '$customer.id' }],
    given: ['qrCode'],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        QR_CODE,
        'id entity created_at name usage type image_url payment_amount status description fixed_amount payments_amount_received payments_count_received notes customer_id close_by',
      ),
    },
  },
  {
    source: 'razorpay-node documents/qrcode.md#fetch-a-qr-code-for-payment-id',
    call: { resource: 'qrCode', method: 'all' },
    request: [{ payment_id: '$paidQrCode.payment_id' }],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        QR_CODE,
        'id entity created_at name usage type image_url payment_amount status description fixed_amount payments_amount_received payments_count_received notes customer_id close_by close_reason',
      ),
    },
  },
  {
    source: 'razorpay-node documents/qrcode.md#fetch-payments-for-a-qr-code',
    call: { resource: 'qrCode', method: 'fetchAllPayments' },
    request: ['$paidQrCode.id', {}],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact customer_id notes fee tax error_code error_description error_source error_step error_reason acquirer_data created_at',
      ),
    },
  },
  {
    source: 'razorpay-node documents/qrcode.md#close-a-qr-code',
    call: { resource: 'qrCode', method: 'close' },
    request: ['$qrCode.id'],
    expect: { status: 200, fields: keys(QR_CODE, A_CODE) },
  },
];
