import type { InvoiceEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import type { CustomerDetailsRow } from '../customer/customer-details/customer-details.entity';
import type { CustomerOfDetails, PersonDetails } from '../customer/find-or-create-customer';
import type { InvoiceFieldsDto } from '../invoice/dtos/create-invoice.dto';
import type { AddressDto } from '../invoice/dtos/invoice-fields';
import { toInvoiceEntity } from '../invoice/dtos/invoice.response';
import { invoiceDetailsProjection } from '../invoice/invoice-details/invoice-details.projection';
import { invoiceCustomerOf } from '../invoice/invoice-customer';
import type { Invoice } from '../invoice/invoice.decider';
import type { InvoiceAddress, InvoiceCustomer, InvoiceEvent } from '../invoice/invoice.events';
import type { onInvoice } from '../invoice/invoice.stream';

export interface InvoiceWithCustomerInput extends FlowInput {
  /** customer_id or customer as sent (neither: the command names no customer). */
  sent: Pick<InvoiceFieldsDto, 'customer_id' | 'customer'>;
  /** The invoice's command (create or edit) naming this customer (undefined: leave it as it is). */
  invoice(customer: InvoiceCustomer | null | undefined): ReturnType<typeof onInvoice>;
  lookups: {
    customer(customerId: string): Promise<CustomerDetailsRow | null>;
    findOrCreate(details: PersonDetails): Promise<CustomerOfDetails | null>;
  };
  publicBaseUrl: string;
}

interface NamedCustomer {
  customer: InvoiceCustomer | null | undefined;
  /** The CreateCustomer of an inline customer the account does not have yet. */
  create: CustomerOfDetails['create'];
}

/**
 * POST /v1/invoices and PATCH /v1/invoices/:id: the invoice names customer_id (its details copied
 * from billing's customers) or an inline customer (both at once is refused). An inline customer is
 * the account's customer of that email and contact, or a new one made with the invoice, as Razorpay
 * answers such an invoice with a customer_id; the invoice keeps the details as sent (name and
 * addresses).
 */
export const invoiceWithCustomerFlow: Flow<
  InvoiceWithCustomerInput,
  NamedCustomer,
  CommandResult<Invoice, InvoiceEvent>,
  InvoiceEntity
> = {
  load: async (_reader, { sent, lookups }) => {
    if (sent.customer_id !== undefined && sent.customer !== undefined)
      throw new ValidationFailed('Send customer_id or customer, not both.', 'customer');
    if (sent.customer_id !== undefined) {
      const customer = await lookups.customer(sent.customer_id);
      if (!customer) throw new ValidationFailed('The id provided does not exist', 'customer_id');
      return { customer: invoiceCustomerOf(customer.id, customer), create: null };
    }
    if (sent.customer === undefined) return { customer: undefined, create: null };
    const c = sent.customer;
    const details = {
      name: c.name ?? null,
      email: c.email ?? null,
      contact: c.contact ?? null,
      gstin: c.gstin ?? null,
    };
    const known = await lookups.findOrCreate(details);
    const customer = {
      ...details,
      id: known?.customerId ?? null,
      billingAddress: address(c.billing_address),
      shippingAddress: address(c.shipping_address),
    };
    return { customer, create: known?.create ?? null };
  },

  // The invoice first, then its new customer: neither is written without the other.
  decide: async (unit, { customer, create }, input) => {
    const invoice = await unit.decide(input.invoice(customer));
    if (create) await unit.decide(create);
    return invoice;
  },

  // Each stream publishes its own events (invoice.*, customer.created).
  publish: () => [],

  answer: (invoice, { publicBaseUrl }) =>
    toInvoiceEntity(orNotFound(invoiceDetailsProjection.view(invoice.stream)), publicBaseUrl),
};

function address(dto: AddressDto | undefined): InvoiceAddress | null {
  return dto
    ? {
        line1: dto.line1,
        line2: dto.line2 ?? null,
        zipcode: dto.zipcode,
        city: dto.city,
        state: dto.state ?? null,
        country: dto.country,
      }
    : null;
}
