import { IsOptional } from 'class-validator';
import { IsSupportedCurrency, IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import type { ReceiptDelivery, ReceiptType } from '../bill.events';
import {
  CustomerField,
  LineItemsField,
  PaymentsField,
  ReceiptDeliveryField,
  ReceiptNumber,
  ReceiptTimestamp,
  ReceiptTypeField,
  Sent,
  SummaryField,
} from './bill-fields';
import type {
  BillCustomerDto,
  BillLineItemDto,
  BillPaymentDto,
  BillSummaryDto,
} from './bill-fields';

/**
 * Any of the fields of a new bill: those sent replace the bill's (`customer`, `line_items` and
 * `payments` whole; `null` is refused), the others stay. The bill that results is checked and
 * priced as a whole, as a new one is (totals, payments, receipt number). An update that changes
 * nothing records nothing.
 *
 * @example {
 *   "receipt_summary": {
 *     "net_payable_amount": 35400
 *   },
 *   "payments": [
 *     {
 *       "method": "cash",
 *       "amount": 35400
 *     }
 *   ]
 * }
 */
export class UpdateBillDto {
  /**
   * Unique per account and mode among bills not deleted: a duplicate is answered 400 "A bill with
   * this receipt_number already exists." (field `receipt_number`).
   *
   * @example "R-0001"
   */
  @Sent() @ReceiptNumber() receipt_number?: string;
  /** When the sale happened, Unix seconds. */
  @Sent() @ReceiptTimestamp() receipt_timestamp?: number;
  /** @defaultValue "sales_invoice" */
  @Sent() @ReceiptTypeField() receipt_type?: ReceiptType;
  /** @defaultValue "digital" */
  @Sent() @ReceiptDeliveryField() receipt_delivery?: ReceiptDelivery;
  /** Sent whole (PATCH replaces it whole). */
  @Sent() @CustomerField() customer?: BillCustomerDto;
  /**
   * Sent whole (PATCH replaces them all). Field errors name the line, e.g. `line_items.0.tax_rate`.
   */
  @Sent() @LineItemsField() line_items?: BillLineItemDto[];
  /** @defaultValue "INR" */
  @IsSupportedCurrency() currency?: string;
  /** @example {"till":"4"} */
  @IsOptional() @IsNotes() notes?: Notes;
  /**
   * Optional totals of your own: the platform always computes them, and each one sent must equal
   * its computed value, else 400 naming it, e.g. "The receipt_summary.net_payable_amount must be
   * 35400, as computed from the line items (35401 was sent)." (field
   * `receipt_summary.net_payable_amount`).
   */
  @IsOptional() @SummaryField() receipt_summary?: BillSummaryDto;
  /**
   * What the customer paid, sent whole (PATCH replaces them all). In the bill's currency ("The
   * payments.0.currency must be the bill's currency, INR."); together at most the net payable
   * amount ("The payments add up to 35401, more than the net payable amount of 35400.", field
   * `payments`).
   */
  @Sent() @PaymentsField() payments?: BillPaymentDto[];
}
