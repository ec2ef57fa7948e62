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
 * PATCH /v1/bills/:id: any of POST's fields; those sent replace the bill's (a list or an object
 * whole), and the bill that results is checked and priced as a whole. `null` is refused.
 */
export class UpdateBillDto {
  @Sent() @ReceiptNumber() receipt_number?: string;
  @Sent() @ReceiptTimestamp() receipt_timestamp?: number;
  @Sent() @ReceiptTypeField() receipt_type?: ReceiptType;
  @Sent() @ReceiptDeliveryField() receipt_delivery?: ReceiptDelivery;
  @Sent() @CustomerField() customer?: BillCustomerDto;
  @Sent() @LineItemsField() line_items?: BillLineItemDto[];
  @IsSupportedCurrency() currency?: string;
  @IsOptional() @IsNotes() notes?: Notes;
  @IsOptional() @SummaryField() receipt_summary?: BillSummaryDto;
  @Sent() @PaymentsField() payments?: BillPaymentDto[];
}
