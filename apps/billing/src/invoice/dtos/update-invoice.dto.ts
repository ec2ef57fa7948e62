import { InvoiceFieldsDto } from './create-invoice.dto';
import { LineItemEditDto, LineItems } from './invoice-fields';

/**
 * A draft takes any of the fields of a new invoice: those sent replace the invoice's (`customer` or
 * `customer_id` whole; `line_items` edit the lines, see there), the others stay, and the result is
 * checked as a whole (line currencies, `expire_by` in the future). An issued or partly paid invoice
 * may change only notes, description, expire_by, sms_notify and email_notify can. Any other field
 * sent with a different value is refused, e.g. "The line_items cannot be changed once the invoice
 * is issued: only notes, description, expire_by, sms_notify and email_notify can." (field named). A
 * paid, cancelled or expired invoice cannot be edited at all ("A paid invoice cannot be edited.",
 * "A cancelled invoice cannot be edited.", "An expired invoice cannot be edited."). An update that
 * changes nothing records nothing.
 *
 * @example {"expire_by":1740220200,"notes":{"project":"AMC 2025","po":"PO-7781"}}
 * @example {
 *   "line_items": [
 *     {
 *       "id": "li_1Aa00000000001",
 *       "name": "AMC 2025 (renewed)",
 *       "quantity": 1
 *     },
 *     {
 *       "name": "On-site visit",
 *       "amount": 250000,
 *       "currency": "INR",
 *       "quantity": 1
 *     }
 *   ],
 *   "notes": {
 *     "project": "AMC 2025"
 *   }
 * }
 */
export class UpdateInvoiceDto extends InvoiceFieldsDto {
  /**
   * Edits the lines (Razorpay's rule): a line sent with the `id` of one of the invoice's lines
   * changes that line in place (the fields sent replace its own, the others and its id stay; an id
   * the invoice does not have: "The id provided does not exist", field `line_items.N.id`); a line
   * sent without `id` is added after the others; lines not named stay as they were. There is no way
   * to remove a line from a draft through this API (Razorpay documents none): delete the draft and
   * write it again. At most 50 in all ("An invoice may have at most 50 line items."). Each new line
   * is an item of the catalogue (`item_id`: its name, description, amount and currency are copied,
   * `name`, `description` and `amount` sent with it override them; an unknown item: "The id
   * provided does not exist", an inactive one: "The item is inactive: activate it to invoice it.",
   * field `line_items[i].item_id`) or written inline (`name` and `amount` required: "The name field
   * is required when item_id is not sent.", "The amount field is required when item_id is not
   * sent."). Every line must be in the invoice's currency ("The line_items[1] is in USD, not the
   * invoice currency INR.").
   */
  @LineItems(LineItemEditDto) line_items?: LineItemEditDto[];
}
