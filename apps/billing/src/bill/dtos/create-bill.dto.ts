import { IsDefined, IsOptional } from 'class-validator';
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
  SummaryField,
} from './bill-fields';
import type {
  BillCustomerDto,
  BillLineItemDto,
  BillPaymentDto,
  BillSummaryDto,
} from './bill-fields';

/**
 * Unknown fields are refused (400 naming the field). The amounts of each line and the summary are
 * computed by the platform.
 *
 * @example {
 *   "receipt_number": "R-0001",
 *   "receipt_timestamp": 1736937000,
 *   "customer": {
 *     "name": "Gaurav Kumar",
 *     "contact": "+919000090000",
 *     "email": "gaurav.kumar@example.com"
 *   },
 *   "line_items": [
 *     {
 *       "name": "Masala tea",
 *       "quantity": 2,
 *       "unit_amount": 10000,
 *       "tax_rate": 18
 *     },
 *     {
 *       "name": "Samosa",
 *       "quantity": 1,
 *       "unit_amount": 11800,
 *       "tax_rate": 18,
 *       "tax_inclusive": true
 *     }
 *   ],
 *   "receipt_summary": {
 *     "net_payable_amount": 35400
 *   },
 *   "payments": [
 *     {
 *       "method": "upi",
 *       "amount": 35400,
 *       "reference": "UTR123"
 *     }
 *   ]
 * }
 */
// POST /v1/bills.
export class CreateBillDto {
  /**
   * Unique per account and mode among bills not deleted: a duplicate is answered 400 "A bill with
   * this receipt_number already exists." (field `receipt_number`).
   *
   * @example "R-0001"
   */
  @IsDefined({ message: 'The receipt_number field is required.' })
  @ReceiptNumber()
  receipt_number!: string;
  /** When the sale happened, Unix seconds. */
  @IsDefined({ message: 'The receipt_timestamp field is required.' })
  @ReceiptTimestamp()
  receipt_timestamp!: number;
  /** @defaultValue "sales_invoice" */
  @IsOptional() @ReceiptTypeField() receipt_type?: ReceiptType;
  /** @defaultValue "digital" */
  @IsOptional() @ReceiptDeliveryField() receipt_delivery?: ReceiptDelivery;
  /** Sent whole (PATCH replaces it whole). */
  @IsDefined({ message: 'The customer field is required.' })
  @CustomerField()
  customer!: BillCustomerDto;
  /**
   * Sent whole (PATCH replaces them all). Field errors name the line, e.g. `line_items.0.tax_rate`.
   */
  @IsDefined({ message: 'The line_items field is required.' })
  @LineItemsField()
  line_items!: BillLineItemDto[];
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
  @IsOptional() @PaymentsField() payments?: BillPaymentDto[];
}
