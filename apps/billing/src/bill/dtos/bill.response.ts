import type { GstRatePercent } from '@platform/domain-kit';
import type { BillEntity } from '@platform/contracts';
import type { BillDetailsRow } from '../bill-details/bill-details.entity';
import type { BillSummary } from '../bill.events';

export function paymentSummary(
  summary: BillSummary,
  payments: readonly { amount: number }[],
): BillEntity['payment_summary'] {
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const due = summary.netPayableAmount - paid;
  return {
    amount_paid: paid,
    amount_due: due,
    payment_status: due <= 0 ? 'paid' : paid > 0 ? 'partially_paid' : 'unpaid',
  };
}

/** `publicBaseUrl`: the gateway's public base URL, where the receipt page is served. */
export function toBillEntity(row: BillDetailsRow, publicBaseUrl: string): BillEntity {
  return {
    id: row.id,
    entity: 'bill',
    receipt_number: row.receiptNumber,
    receipt_timestamp: row.receiptTimestamp,
    receipt_type: row.receiptType,
    receipt_delivery: row.receiptDelivery,
    customer: { name: row.customer.name, contact: row.customer.contact, email: row.customer.email },
    line_items: row.lineItems.map((line) => ({
      id: line.id,
      name: line.name,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      hsn_code: line.hsnCode,
      unit_amount: line.unitAmount,
      // One of GST_RATES_PERCENT: the request's rate, checked against them.
      tax_rate: line.taxRate as GstRatePercent | null,
      tax_inclusive: line.taxInclusive,
      gross_amount: line.grossAmount,
      taxable_amount: line.taxableAmount,
      tax_amount: line.taxAmount,
      net_amount: line.netAmount,
    })),
    receipt_summary: {
      total_quantity: row.summary.totalQuantity,
      sub_total_amount: row.summary.subTotalAmount,
      tax_amount: row.summary.taxAmount,
      net_payable_amount: row.summary.netPayableAmount,
      currency: row.currency,
    },
    payment_summary: paymentSummary(row.summary, row.payments),
    payments: row.payments.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.reference,
    })),
    notes: row.notes,
    receipt_url: `${publicBaseUrl.replace(/\/+$/, '')}/bills/${row.id}`,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
