import type {
  AddressEntity,
  InvoiceCustomerDetails,
  InvoiceEntity,
  LineItemEntity,
} from '@platform/contracts';
import { basisPointsToPercent } from '@platform/domain-kit';
import type { GstRatePercent } from '@platform/domain-kit';
import { invoiceLineAmounts, invoiceTotals } from '../invoice-amounts';
import type { InvoiceDetailsRow } from '../invoice-details/invoice-details.entity';
import type { InvoiceAddress, InvoiceCustomer, InvoiceLine } from '../invoice.events';

const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£' };
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** Where an issued invoice is shown to its customer (the gateway serves the page). */
export const invoicePageUrl = (publicBaseUrl: string, invoiceId: string) =>
  `${publicBaseUrl}/i/${invoiceId}`;

function toAddress(
  address: InvoiceAddress | null,
  type: AddressEntity['type'],
): AddressEntity | null {
  if (!address) return null;
  return {
    id: null,
    type,
    primary: true,
    ...address,
    contact: null,
    name: null,
    tag: null,
    landmark: null,
  };
}

function toCustomerDetails(customer: InvoiceCustomer | null): InvoiceCustomerDetails {
  const c = customer ?? {
    id: null,
    name: null,
    email: null,
    contact: null,
    gstin: null,
    billingAddress: null,
    shippingAddress: null,
  };
  const billingAddress = toAddress(c.billingAddress, 'billing_address');
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    contact: c.contact,
    gstin: c.gstin,
    customer_name: c.name,
    customer_email: c.email,
    customer_contact: c.contact,
    customer_address: billingAddress,
    billing_address: billingAddress,
    shipping_address: toAddress(c.shippingAddress, 'shipping_address'),
  };
}

export function toLineItemEntity(line: InvoiceLine): LineItemEntity {
  const amounts = invoiceLineAmounts(line);
  return {
    id: line.id,
    item_id: line.itemId,
    ref_id: null,
    ref_type: null,
    name: line.name,
    description: line.description,
    amount: line.unitAmount,
    unit_amount: line.unitAmount,
    gross_amount: amounts.grossAmount,
    tax_amount: amounts.taxAmount,
    taxable_amount: amounts.taxableAmount,
    net_amount: amounts.netAmount,
    currency: line.currency,
    type: line.type,
    tax_inclusive: line.taxInclusive,
    hsn_code: line.hsnCode,
    sac_code: line.sacCode,
    // One of GST_RATES_PERCENT: the request's rate, checked against them.
    tax_rate:
      line.taxRateBasisPoints === null
        ? null
        : (basisPointsToPercent(line.taxRateBasisPoints) as GstRatePercent),
    unit: line.unit,
    quantity: line.quantity,
    taxes: [],
  };
}

export function toInvoiceEntity(row: InvoiceDetailsRow, publicBaseUrl: string): InvoiceEntity {
  const { terms } = row;
  const totals = invoiceTotals(terms.lines);
  return {
    id: row.id,
    entity: 'invoice',
    type: terms.type,
    invoice_number: terms.receipt,
    receipt: terms.receipt,
    customer_id: terms.customer?.id ?? null,
    customer_details: toCustomerDetails(terms.customer),
    order_id: row.orderId,
    subscription_id: terms.subscriptionId,
    payment_id: row.paymentId,
    line_items: terms.lines.map(toLineItemEntity),
    status: row.status,
    expire_by: seconds(terms.expireBy),
    issued_at: row.issuedAt,
    paid_at: row.paidAt,
    cancelled_at: row.cancelledAt,
    expired_at: row.expiredAt,
    // As given, else the creation time (a draft has its date too, as Razorpay shows it).
    date: terms.date ?? row.createdAt,
    sms_status: row.smsStatus,
    email_status: row.emailStatus,
    partial_payment: terms.partialPayment,
    first_payment_min_amount: null,
    gross_amount: totals.grossAmount,
    tax_amount: totals.taxAmount,
    taxable_amount: totals.taxableAmount,
    amount: totals.netAmount,
    amount_paid: row.amountPaid,
    amount_due: totals.netAmount - row.amountPaid,
    currency: terms.currency,
    currency_symbol: CURRENCY_SYMBOLS[terms.currency] ?? null,
    description: terms.description,
    short_url: row.issuedAt === null ? null : invoicePageUrl(publicBaseUrl, row.id),
    terms: null,
    comment: null,
    notes: terms.notes,
    view_less: true,
    group_taxes_discounts: false,
    billing_start: seconds(terms.billingStart),
    billing_end: seconds(terms.billingEnd),
    created_at: row.createdAt,
    idempotency_key: null,
    ref_num: null,
    // The dashboard user who created the invoice: API keys act for no user.
    user_id: null,
    reminder_status: null,
    subscription_status: null,
    supply_state_code: null,
  };
}
