import { COLLECTION, INVOICE, keys } from './entity-fields';
import type { DocumentedExample } from './example';

/** The keys of invoice.md's fetch and cancel answers (its create and list link to the API reference: the same entity). */
const AN_INVOICE =
  'amount amount_due amount_paid billing_end billing_start cancelled_at comment created_at currency currency_symbol customer_details customer_id date description email_status entity expire_by expired_at first_payment_min_amount gross_amount group_taxes_discounts id idempotency_key invoice_number issued_at line_items notes order_id paid_at partial_payment payment_id receipt reminder_status short_url sms_status status subscription_status supply_state_code tax_amount taxable_amount terms type user_id view_less';
/** The keys of the update, issue and registration-link answers. */
const A_LINK =
  'id entity receipt invoice_number customer_id customer_details order_id line_items payment_id status expire_by issued_at paid_at cancelled_at expired_at sms_status email_status date terms partial_payment gross_amount tax_amount taxable_amount amount amount_paid amount_due currency currency_symbol description notes comment short_url view_less billing_start billing_end type group_taxes_discounts created_at idempotency_key';

/**
 * The recurring-payment documents notify about and cancel a registration link: an invoice of type
 * link made by /subscription_registration/auth_links, which the platform does not serve. The same
 * calls are replayed on an issued invoice.
 */
const notifiesAbout = (doc: string, anchor: string): DocumentedExample => ({
  source: `razorpay-node documents/${doc}.md#${anchor}`,
  call: { resource: 'invoices', method: 'notifyBy' },
  request: ['$issuedInvoice.id', 'email'],
  expect: { status: 200, fields: { success: 'boolean' } },
});
const cancels = (doc: string, anchor: string, fields = A_LINK): DocumentedExample => ({
  source: `razorpay-node documents/${doc}.md#${anchor}`,
  call: { resource: 'invoices', method: 'cancel' },
  request: ['$issuedInvoice.id'],
  expect: { status: 200, fields: keys(INVOICE, fields) },
});

const INVOICE_ADDRESS = {
  line1: 'Ground & 1st Floor, SJR Cyber Laskar',
  line2: 'Hosur Road',
  zipcode: 560068,
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'in',
};

/** Invoice request #1: the customer and the line made with the invoice. */
const WITH_NEW_CUSTOMER = {
  type: 'invoice',
  description: 'Invoice for the month of January 2020',
  partial_payment: true,
  customer: {
    name: 'Gaurav Kumar',
    contact: 9999999999,
    email: 'gaurav.kumar@example.com',
    billing_address: INVOICE_ADDRESS,
    shipping_address: INVOICE_ADDRESS,
  },
  line_items: [
    {
      name: 'Master Cloud Computing in 30 Days',
      description: 'Book by Ravena Ravenclaw',
      amount: 399,
      currency: 'USD',
      quantity: 1,
    },
  ],
  sms_notify: true,
  email_notify: true,
  currency: 'USD',
  expire_by: '$now+30d',
};
const WITH_TEXT_ZIPCODES = {
  ...WITH_NEW_CUSTOMER,
  customer: {
    ...WITH_NEW_CUSTOMER.customer,
    billing_address: { ...INVOICE_ADDRESS, zipcode: '560068' },
    shipping_address: { ...INVOICE_ADDRESS, zipcode: '560068' },
  },
};

export const INVOICE_EXAMPLES: DocumentedExample[] = [
  {
    // The document writes `instance.invoice.create`; the SDK's resource is `invoices`.
    source: 'razorpay-node documents/invoice.md#create-invoice',
    call: { resource: 'invoices', method: 'create' },
    request: [WITH_NEW_CUSTOMER],
    expect: { status: 200, fields: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay-python documents/invoice.md#create-invoice',
    call: { resource: 'invoices', method: 'create' },
    request: [WITH_TEXT_ZIPCODES],
    expect: { status: 200, fields: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay.com docs/api/payments/invoices/create-with-details',
    call: { resource: 'invoices', method: 'create' },
    request: [
      {
        ...WITH_TEXT_ZIPCODES,
        customer: { ...WITH_TEXT_ZIPCODES.customer, contact: '9000090000' },
        sms_notify: 1,
        email_notify: 1,
        notes: { key1: 'Testing.' },
      },
    ],
    expect: { status: 200, fields: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay-node documents/invoice.md#create-invoice (request 2)',
    call: { resource: 'invoices', method: 'create' },
    request: [
      {
        type: 'invoice',
        date: '$now',
        customer_id: '$customer.id',
        line_items: [{ item_id: '$item.id' }],
      },
    ],
    expect: { status: 200, fields: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay-python documents/invoice.md#create-invoice (request 2)',
    call: { resource: 'invoices', method: 'create' },
    // The document's key is "type:" (with the colon): sent as written.
    request: [
      {
        'type:': 'invoice',
        date: '$now',
        customer_id: '$customer.id',
        line_items: [{ item_id: '$item.id' }],
      },
    ],
    unsupported: 'the document misspells "type" as "type:", a key no API knows',
    expectError: {
      status: 400,
      description: 'type: is/are not required and should not be sent',
      field: 'type:',
    },
  },
  {
    source: 'razorpay-node documents/invoice.md#fetch-all-invoices',
    call: { resource: 'invoices', method: 'all' },
    request: [],
    given: ['issuedInvoice'],
    expect: { status: 200, fields: COLLECTION, items: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay-node documents/invoice.md#fetch-invoice',
    call: { resource: 'invoices', method: 'fetch' },
    request: ['$issuedInvoice.id'],
    expect: { status: 200, fields: keys(INVOICE, AN_INVOICE) },
  },
  {
    source: 'razorpay-node documents/invoice.md#update-invoice',
    call: { resource: 'invoices', method: 'edit' },
    request: [
      '$draftInvoice.id',
      {
        line_items: [
          {
            id: '$draftInvoice.line_items.0.id',
            name: 'Book / English August - Updated name and quantity',
            quantity: 1,
          },
          { name: 'Book / A Wild Sheep Chase', amount: 200, currency: 'INR', quantity: 1 },
        ],
        notes: { 'updated-key': 'An updated note.' },
      },
    ],
    expect: { status: 200, fields: keys(INVOICE, A_LINK) },
  },
  {
    source: 'razorpay-node documents/invoice.md#issue-an-invoice',
    call: { resource: 'invoices', method: 'issue' },
    request: ['$draftInvoice.id'],
    expect: { status: 200, fields: keys(INVOICE, A_LINK) },
  },
  {
    source: 'razorpay-node documents/invoice.md#delete-an-invoice',
    call: { resource: 'invoices', method: 'delete' },
    request: ['$draftInvoice.id'],
    expect: { status: 200, fields: {}, emptyArray: true },
  },
  cancels('invoice', 'cancel-an-invoice', AN_INVOICE),
  notifiesAbout('invoice', 'send-notification'),
  {
    source: 'razorpay-node documents/subscription.md#fetch-all-invoices-for-a-subscription',
    call: { resource: 'invoices', method: 'all' },
    request: [{ subscription_id: '$activeSubscription.id' }],
    expect: {
      status: 200,
      fields: COLLECTION,
      items: keys(
        INVOICE,
        'id entity receipt invoice_number customer_id customer_details order_id subscription_id line_items payment_id status expire_by issued_at paid_at cancelled_at expired_at sms_status email_status date terms partial_payment gross_amount tax_amount taxable_amount amount amount_paid amount_due currency currency_symbol description notes comment short_url view_less billing_start billing_end type group_taxes_discounts created_at idempotency_key',
      ),
    },
  },
  notifiesAbout('card', 'sendresend-notifications'),
  cancels('card', 'cancel-registration-link'),
  notifiesAbout('emandate', 'sendresend-notifications'),
  cancels('emandate', 'cancel-a-registration-link', AN_INVOICE),
  notifiesAbout('papernach', 'sendresend-notifications'),
  cancels('papernach', 'cancel-a-registration-link'),
  notifiesAbout('registerEmandate', 'sendresend-notifications'),
  cancels('registerEmandate', 'cancel-registration-link'),
  notifiesAbout('registerNach', 'sendresend-notifications'),
  {
    source: 'razorpay-node documents/registerNach.md#cancel-registration-link',
    call: { resource: 'invoices', method: 'cancel' },
    request: ['$issuedInvoice.id'],
    unsupported:
      'paper NACH registration links are not offered: an invoice has no token or NACH form',
    expect: { status: 200, fields: keys(INVOICE, A_LINK), lacks: ['token', 'nach_form_url'] },
  },
  notifiesAbout('upi', 'sendresend-notifications'),
  cancels('upi', 'cancel-a-registration-link'),
];
