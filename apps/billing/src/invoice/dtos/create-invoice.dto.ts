import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  EntityIdField,
  IsNotes,
  IsSupportedCurrency,
  IsUnixTime,
  MayBeOmitted,
  TextOrNumber,
  ToFlag,
} from '@platform/http';
import type { Notes } from '@platform/http';
import { InvoiceCustomerDto, LineItemDto, LineItems } from './invoice-fields';

/** The fields of an invoice that POST sets and PATCH may change (PATCH: any subset); the lines differ (see each). */
export class InvoiceFieldsDto {
  /**
   * "The type must be invoice or link."
   *
   * @defaultValue "invoice"
   */
  @IsOptional() @IsIn(['invoice', 'link'], { message: 'The type must be invoice or link.' }) type?:
    'invoice' | 'link';
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' })
  description?: string;
  /**
   * One way to give the customer: an existing customer, whose name, email, contact and gstin are
   * copied onto the invoice (an unknown id: "The id provided does not exist", field `customer_id`).
   * Not with `customer` ("Send customer_id or customer, not both.", field `customer`).
   */
  @EntityIdField('cust')
  @IsOptional()
  @IsString({ message: 'The customer_id must be a string.' })
  customer_id?: string;
  /**
   * The other way: the customer written inline, with its addresses, kept on the invoice as sent. It
   * is also the account's billing customer, made with the invoice (in the same step) or, when the
   * account has a customer of the same email and contact, that one; the invoice's `customer_id`
   * names it. A name alone always makes a new customer. Not with `customer_id`.
   */
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => InvoiceCustomerDto)
  @IsObject({ message: 'The customer must be an object.' })
  customer?: InvoiceCustomerDto;
  /** @defaultValue "INR" */
  @IsSupportedCurrency() currency?: string;
  /**
   * Unix seconds, in the future on the account's clock ("The expire_by must be in the future."): an
   * issued or partly paid invoice still unpaid then expires.
   */
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;
  /** The date written on the invoice, Unix seconds. Default: the creation time. */
  @IsUnixTime('date', { optional: true }) date?: number;
  /**
   * Whether the customer may pay in parts.
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The partial_payment must be true or false (or 1 or 0).' })
  partial_payment?: boolean;
  /**
   * Send the invoice by sms to the customer's contact when it is issued.
   *
   * @defaultValue true
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The sms_notify must be 1 or 0.' })
  sms_notify?: boolean;
  /**
   * Send the invoice by email to the customer's email when it is issued.
   *
   * @defaultValue true
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The email_notify must be 1 or 0.' })
  email_notify?: boolean;
  /**
   * Your reference, also shown as `invoice_number`; a number is read as its digits. Unique per
   * account and mode ("An invoice with this receipt already exists.", field `receipt`); a deleted
   * draft frees it.
   *
   * @example "INV-2025-0001"
   */
  @IsOptional()
  @TextOrNumber()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'The receipt must be a string.' })
  @Length(1, 40, { message: 'The receipt must be 1 to 40 characters.' })
  receipt?: string;
  /** @example {"project":"AMC 2025"} */
  @IsOptional() @IsNotes() notes?: Notes;
}

/**
 * Unknown fields are refused (400 naming the field). Without `draft` the invoice is issued at once,
 * so it must be issuable: at least one line ("An invoice needs at least one line item to be
 * issued."), an amount of at least 100 ("The invoice amount must be at least 100 (it is 50)."), and
 * for `type: invoice` a customer ("The customer_id or customer is required to issue an invoice.",
 * field `customer_id`). A draft needs none of these until it is issued. Every amount is computed by
 * the platform in exact integers. Per line: `gross_amount` = unit amount × quantity. Tax exclusive:
 * `taxable_amount` = gross, `tax_amount` = gross × rate rounded half up to the paisa. Tax
 * inclusive: `taxable_amount` = gross / (1 + rate) rounded half up, `tax_amount` = gross − taxable.
 * `net_amount` = taxable + tax. The invoice's `gross_amount`, `taxable_amount`, `tax_amount` and
 * `amount` are the sums over its lines; `amount_due` = `amount` − `amount_paid`.
 *
 * @example {
 *   "customer": {
 *     "name": "Gaurav Kumar",
 *     "email": "gaurav.kumar@example.com",
 *     "contact": "+919000090000",
 *     "billing_address": {
 *       "line1": "318, Palm Grove",
 *       "line2": "Indiranagar",
 *       "zipcode": "560038",
 *       "city": "Bengaluru",
 *       "state": "Karnataka",
 *       "country": "in"
 *     }
 *   },
 *   "line_items": [
 *     {
 *       "name": "Annual maintenance",
 *       "amount": 100000,
 *       "tax_rate": 18,
 *       "sac_code": "998713"
 *     },
 *     {
 *       "name": "Water filter cartridge",
 *       "amount": 1000,
 *       "quantity": 3,
 *       "tax_rate": 5,
 *       "tax_inclusive": true
 *     }
 *   ],
 *   "currency": "INR",
 *   "description": "Water purifier service, 2025",
 *   "receipt": "INV-2025-0001",
 *   "expire_by": 1739615400,
 *   "notes": {
 *     "project": "AMC 2025"
 *   }
 * }
 */
export class CreateInvoiceDto extends InvoiceFieldsDto {
  /**
   * The invoice's lines, each new. At most 50 in all ("An invoice may have at most 50 line
   * items."). Each new line is an item of the catalogue (`item_id`: its name, description, amount
   * and currency are copied, `name`, `description` and `amount` sent with it override them; an
   * unknown item: "The id provided does not exist", an inactive one: "The item is inactive:
   * activate it to invoice it.", field `line_items[i].item_id`) or written inline (`name` and
   * `amount` required: "The name field is required when item_id is not sent.", "The amount field is
   * required when item_id is not sent."). Every line must be in the invoice's currency ("The
   * line_items[1] is in USD, not the invoice currency INR.").
   */
  @LineItems(LineItemDto) line_items?: LineItemDto[];
  /**
   * "1": keep the invoice a draft (no order, no page, no notification), to issue later; otherwise
   * it is issued at once ("The draft must be '1' or '0'.").
   *
   * @defaultValue false
   */
  @IsOptional() @ToFlag() @IsBoolean({ message: "The draft must be '1' or '0'." }) draft?: boolean;
}
