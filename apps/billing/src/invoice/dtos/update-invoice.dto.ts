import { InvoiceFieldsDto } from './create-invoice.dto';
import { LineItemEditDto, LineItems } from './invoice-fields';

/**
 * PATCH /v1/invoices/:id: a draft takes any field; an issued invoice only notes, description,
 * expire_by and the notify flags. `line_items` edits the lines (a line with `id` changes in place,
 * one without is added, lines not named stay).
 */
export class UpdateInvoiceDto extends InvoiceFieldsDto {
  @LineItems(LineItemEditDto) line_items?: LineItemEditDto[];
}
