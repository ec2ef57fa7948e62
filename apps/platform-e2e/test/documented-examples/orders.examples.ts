import { COLLECTION, keys, ORDER, PAYMENT } from './entity-fields';
import type { DocumentedExample } from './example';

const AN_ORDER =
  'id entity amount amount_paid amount_due currency receipt offer_id status attempts notes created_at';
const TEA_NOTES = { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf.' };
const SCOTTY_NOTES = { notes_key_1: 'Beam me up Scotty', notes_key_2: 'Engage' };

const RECURRING =
  'recurring payments (an authorization order with customer_id and token) are not offered';
const NOT_OFFERED_FIELD = (field: string) => ({
  status: 400,
  description: `${field} is/are not required and should not be sent`,
  field,
});

/** The recurring-payment documents' second order: a plain order the mandate then pays. */
const chargesTheCustomer = (
  source: string,
  request: Record<string, unknown>,
): DocumentedExample => ({
  source,
  call: { resource: 'orders', method: 'create' },
  request: [request],
  expect: { status: 200, fields: keys(ORDER, AN_ORDER) },
});

/** Refused at its first key the platform does not take (`method`, or `customer_id` where that comes first). */
const recurringOrder = (
  source: string,
  request: Record<string, unknown>,
  refused = 'method',
): DocumentedExample => ({
  source,
  call: { resource: 'orders', method: 'create' },
  request: [request],
  unsupported: RECURRING,
  expectError: NOT_OFFERED_FIELD(refused),
});

const CARD_MANDATE_ORDER = {
  amount: 100,
  currency: 'INR',
  customer_id: '$customer.id',
  method: 'card',
  token: { max_amount: 5000, expire_at: '$now+365d', frequency: 'monthly' },
  receipt: 'Receipt No. 1',
  notes: { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey... decaf.' },
};

const EMANDATE_ORDER = {
  amount: 0,
  currency: 'INR',
  method: 'emandate',
  customer_id: '$customer.id',
  receipt: 'Receipt No. 1',
  notes: SCOTTY_NOTES,
  token: {
    auth_type: 'netbanking',
    max_amount: 9999900,
    expire_at: '$now+3650d',
    notes: TEA_NOTES,
    bank_account: {
      beneficiary_name: 'Gaurav Kumar',
      account_number: 1121431121541121,
      account_type: 'savings',
      ifsc_code: 'HDFC0000001',
    },
  },
};

const NACH_TOKEN = {
  auth_type: 'physical',
  max_amount: 10000000,
  expire_at: '$now+365d',
  notes: TEA_NOTES,
  bank_account: {
    account_number: '11214311215411',
    ifsc_code: 'HDFC0000001',
    beneficiary_name: 'Gaurav Kumar',
    account_type: 'savings',
  },
  nach: {
    form_reference1: 'Recurring Payment for Gaurav Kumar',
    form_reference2: 'Method Paper NACH',
    description: 'Paper NACH Gaurav Kumar',
  },
};

const MAGIC_CHECKOUT_ADDRESS = {
  name: 'Gaurav Kumar',
  line1: '84th floor, Millennium Tower',
  line2: '2nd main',
  zipcode: '560000',
  contact: '+919000090000',
  city: 'Bangalore',
  state: 'Karnataka',
  country: 'IND',
  tag: 'home',
  landmark: 'XYZ Hospital',
};

export const ORDER_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/order.md#create-order',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 50000,
        currency: 'INR',
        receipt: 'receipt#1',
        partial_payment: false,
        notes: { key1: 'value3', key2: 'value2' },
      },
    ],
    expect: { status: 200, fields: keys(ORDER, AN_ORDER) },
  },
  {
    source:
      'razorpay.com docs/payments/payment-gateway/web-integration/standard/build-integration#create-an-order',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 500,
        currency: 'INR',
        receipt: 'qwsaq1',
        partial_payment: true,
        first_payment_min_amount: 230,
      },
    ],
    expect: { status: 200, fields: keys(ORDER, AN_ORDER) },
  },
  {
    source: 'razorpay-node documents/order.md#create-order-third-party-validation',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 500,
        method: 'netbanking',
        receipt: 'BILL13375649',
        currency: 'INR',
        bank_account: {
          account_number: '765432123456789',
          name: 'Gaurav Kumar',
          ifsc: 'HDFC0000053',
        },
      },
    ],
    unsupported:
      'third-party validation (the payer’s bank account fixed on the order) is not offered',
    expectError: NOT_OFFERED_FIELD('method'),
  },
  {
    source: 'razorpay-node documents/order.md#fetch-all-orders',
    call: { resource: 'orders', method: 'all' },
    request: [{}],
    given: ['order'],
    expect: { status: 200, fields: COLLECTION, items: keys(ORDER, AN_ORDER) },
  },
  {
    source: 'razorpay-node documents/order.md#fetch-an-order-with-id',
    call: { resource: 'orders', method: 'fetch' },
    request: ['$order.id'],
    expect: { status: 200, fields: keys(ORDER, AN_ORDER) },
  },
  {
    source: 'razorpay-node documents/order.md#fetch-payments-for-an-order',
    call: { resource: 'orders', method: 'fetchPayments' },
    request: ['$capturedPayment.order_id'],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact notes fee tax error_code error_description created_at',
      ),
    },
  },
  {
    source: 'razorpay-node documents/order.md#update-order',
    call: { resource: 'orders', method: 'edit' },
    request: ['$order.id', { notes: { key1: 'value3', key2: 'value2' } }],
    expect: { status: 200, fields: keys(ORDER, AN_ORDER) },
  },
  {
    source: 'razorpay-node documents/order.md#create-an-order-magic-checkout',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 50000,
        currency: 'INR',
        receipt: 'receipt#22',
        notes: { key1: 'value3', key2: 'value2' },
        rto_review: true,
        line_items: [
          {
            type: 'e-commerce',
            sku: '1g234',
            variant_id: '12r34',
            price: '3900',
            offer_price: '3800',
            tax_amount: 0,
            quantity: 1,
            name: 'TEST',
            description: 'TEST',
            weight: '1700',
            dimensions: { length: '1700', width: '1700', height: '1700' },
            image_url: 'https://unsplash.com/s/photos/new-wallpaper',
            product_url: 'https://unsplash.com/s/photos/new-wallpaper',
            notes: {},
          },
        ],
        line_items_total: '1200',
        shipping_fee: 100,
        cod_fee: 100,
        customer_details: {
          name: 'Gaurav Kumar',
          contact: '+919000090000',
          email: 'gaurav.kumar@example.com',
          shipping_address: MAGIC_CHECKOUT_ADDRESS,
          billing_address: MAGIC_CHECKOUT_ADDRESS,
        },
        promotions: [
          {
            reference_id: 'reference',
            code: 'code',
            type: 'discount',
            value: 20,
            value_type: 'flat',
            description: 'description',
          },
        ],
        device_details: { ip: '127.0.0.1', user_agent: 'abc' },
      },
    ],
    unsupported: 'Magic Checkout (RTO review, cart lines, promotions) is not offered',
    expectError: NOT_OFFERED_FIELD('rto_review'),
  },
  {
    source: 'razorpay-node documents/payment.md#fetch-payments-for-an-order',
    call: { resource: 'orders', method: 'fetchPayments' },
    request: ['$capturedPayment.order_id'],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id method amount_refunded refund_status captured description card_id bank wallet vpa email contact fee tax error_code error_description error_source error_step error_reason notes acquirer_data created_at',
      ),
    },
  },
  {
    source: 'razorpay-node documents/payment.md#payment-capture-settings-api',
    call: { resource: 'orders', method: 'create' },
    // The document's keys end in a space ("capture ", "capture_options "): sent as written.
    request: [
      {
        amount: 50000,
        currency: 'INR',
        receipt: 'rcptid_11',
        payment: {
          'capture ': 'automatic',
          'capture_options ': {
            'automatic_expiry_period ': 12,
            'manual_expiry_period ': 7200,
            refund_speed: 'optimum',
          },
        },
      },
    ],
    unsupported:
      'the document’s keys carry a trailing space, which no API reads as capture settings',
    expectError: NOT_OFFERED_FIELD('payment.capture '),
  },
  {
    source: 'razorpay-python documents/payment.md#payment-capture-settings-api',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 50000,
        currency: 'INR',
        receipt: 'rcptid_11',
        payment: {
          capture: 'automatic',
          capture_options: {
            automatic_expiry_period: 12,
            manual_expiry_period: 7200,
            refund_speed: 'optimum',
          },
        },
      },
    ],
    unsupported: 'capture_options (own capture and refund windows per order) are not offered',
    expectError: NOT_OFFERED_FIELD('payment.capture_options'),
  },
  recurringOrder('razorpay-node documents/card.md#create-order', CARD_MANDATE_ORDER, 'customer_id'),
  recurringOrder(
    'razorpay-node documents/card.md#create-an-order-to-charge-the-customer',
    CARD_MANDATE_ORDER,
    'customer_id',
  ),
  recurringOrder('razorpay-node documents/emandate.md#create-order', EMANDATE_ORDER),
  recurringOrder('razorpay-python documents/emandate.md#create-order', {
    ...EMANDATE_ORDER,
    payment_capture: true,
  }),
  chargesTheCustomer('razorpay-node documents/emandate.md#create-an-order-to-charge-the-customer', {
    amount: 1000,
    currency: 'INR',
    receipt: 'Receipt No. 1',
    notes: TEA_NOTES,
  }),
  chargesTheCustomer(
    'razorpay-python documents/emandate.md#create-an-order-to-charge-the-customer',
    {
      amount: 1000,
      currency: 'INR',
      payment_capture: true,
      receipt: 'Receipt No. 1',
      notes: TEA_NOTES,
    },
  ),
  recurringOrder('razorpay-node documents/papernach.md#create-order', {
    amount: 0,
    currency: 'INR',
    method: 'nach',
    customer_id: '$customer.id',
    receipt: 'Receipt No. 1',
    notes: SCOTTY_NOTES,
    token: NACH_TOKEN,
  }),
  {
    source: 'razorpay-node documents/papernach.md#fetch-payment-id-using-order-id',
    call: { resource: 'orders', method: 'fetchPayments' },
    request: ['$capturedPayment.order_id'],
    unsupported: 'paper NACH mandates are not offered: an order’s payments carry no token_id',
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        PAYMENT,
        'id entity amount currency status order_id invoice_id international method amount_refunded refund_status captured description card_id bank wallet vpa email contact customer_id notes fee tax error_code error_description created_at',
      ),
      lacks: ['token_id'],
    },
  },
  chargesTheCustomer(
    'razorpay-node documents/papernach.md#create-an-order-to-charge-the-customer',
    {
      amount: 1000,
      currency: 'INR',
      payment_capture: true,
      receipt: 'Receipt No. 1',
      notes: TEA_NOTES,
    },
  ),
  recurringOrder('razorpay-node documents/registerEmandate.md#create-order', {
    ...EMANDATE_ORDER,
    token: { ...EMANDATE_ORDER.token, first_payment_amount: 100 },
  }),
  chargesTheCustomer(
    'razorpay-node documents/registerEmandate.md#create-an-order-to-charge-the-customer',
    {
      amount: 1000,
      currency: 'INR',
      payment_capture: true,
      receipt: 'Receipt No. 1',
      notes: TEA_NOTES,
    },
  ),
  recurringOrder('razorpay-node documents/registerNach.md#create-order', {
    amount: 0,
    currency: 'INR',
    method: 'nach',
    customer_id: '$customer.id',
    receipt: 'Receipt No. 1',
    notes: SCOTTY_NOTES,
    token: { ...NACH_TOKEN, first_payment_amount: 10000 },
  }),
  chargesTheCustomer(
    'razorpay-node documents/registerNach.md#create-an-order-to-charge-the-customer',
    {
      amount: 100,
      currency: 'INR',
      payment_capture: true,
      receipt: 'Receipt No. 1',
      notes: { key1: 'value3', key2: 'value2' },
    },
  ),
  recurringOrder(
    'razorpay-node documents/upi.md#create-order',
    {
      amount: 100,
      currency: 'INR',
      customer_id: '$customer.id',
      method: 'upi',
      token: { max_amount: 200000, expire_at: '$now+365d', frequency: 'monthly' },
      receipt: 'Receipt No. 1',
      notes: TEA_NOTES,
    },
    'customer_id',
  ),
  {
    source: 'razorpay-node documents/upi.md#create-an-order-to-charge-the-customer',
    call: { resource: 'orders', method: 'create' },
    request: [
      { receipt: 123, amount: 100, currency: 'INR', notes: { key1: 'value3', key2: 'value2' } },
    ],
    unsupported:
      'the document sends receipt as a number; an order’s receipt is a string (the SDK’s types, and Razorpay’s own message)',
    expectError: { status: 400, description: 'The receipt must be a string.', field: 'receipt' },
  },
  chargesTheCustomer('razorpay-python documents/upi.md#create-an-order-to-charge-the-customer', {
    amount: 1000,
    currency: 'INR',
    receipt: 'Receipt No. 1',
    payment_capture: true,
    notes: TEA_NOTES,
  }),
  {
    source: 'razorpay-node documents/transfer.md#create-transfers-from-order',
    call: { resource: 'orders', method: 'create' },
    request: [
      {
        amount: 2000,
        currency: 'INR',
        transfers: [
          {
            account: 'acc_CPRsN1LkFccllA',
            amount: 1000,
            currency: 'INR',
            notes: { branch: 'Acme Corp Bangalore North', name: 'Gaurav Kumar' },
            linked_account_notes: ['branch'],
            on_hold: true,
            on_hold_until: '$now+30d',
          },
          {
            account: 'acc_CNo3jSI8OkFJJJ',
            amount: 1000,
            currency: 'INR',
            notes: { branch: 'Acme Corp Bangalore South', name: 'Saurav Kumar' },
            linked_account_notes: ['branch'],
            on_hold: true,
          },
        ],
      },
    ],
    unsupported: 'Route transfers to linked accounts are not offered',
    expectError: NOT_OFFERED_FIELD('transfers'),
  },
];
