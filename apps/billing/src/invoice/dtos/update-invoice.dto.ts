import { InvoiceFieldsDto } from './create-invoice.dto';

/** PATCH /v1/invoices/:id: a draft takes any field; an issued invoice only notes, description, expire_by and the notify flags. */
export class UpdateInvoiceDto extends InvoiceFieldsDto {}
