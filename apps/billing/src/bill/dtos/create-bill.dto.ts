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

/** POST /v1/bills. */
export class CreateBillDto {
  @IsDefined({ message: 'The receipt_number field is required.' })
  @ReceiptNumber()
  receipt_number!: string;
  @IsDefined({ message: 'The receipt_timestamp field is required.' })
  @ReceiptTimestamp()
  receipt_timestamp!: number;
  @IsOptional() @ReceiptTypeField() receipt_type?: ReceiptType;
  @IsOptional() @ReceiptDeliveryField() receipt_delivery?: ReceiptDelivery;
  @IsDefined({ message: 'The customer field is required.' })
  @CustomerField()
  customer!: BillCustomerDto;
  @IsDefined({ message: 'The line_items field is required.' })
  @LineItemsField()
  line_items!: BillLineItemDto[];
  @IsSupportedCurrency() currency?: string;
  @IsOptional() @IsNotes() notes?: Notes;
  @IsOptional() @SummaryField() receipt_summary?: BillSummaryDto;
  @IsOptional() @PaymentsField() payments?: BillPaymentDto[];
}
