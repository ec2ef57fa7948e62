import { Inject, Injectable } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { AlreadyExists, newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import {
  CommandHandler,
  Database,
  isUniqueViolation,
  orNotFound,
  runFlow,
} from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { getCustomerDetails } from '../customer/customer-details/customer-details.query';
import {
  findOrCreateCustomer,
  onceMoreIfCustomerMadeMeanwhile,
} from '../customer/find-or-create-customer';
import type { CreateInvoiceDto, InvoiceFieldsDto } from '../invoice/dtos/create-invoice.dto';
import type { UpdateInvoiceDto } from '../invoice/dtos/update-invoice.dto';
import { getInvoiceDetails } from '../invoice/invoice-details/invoice-details.query';
import type { EditInvoice } from '../invoice/invoice.commands';
import type { InvoiceCustomer, InvoiceTerms } from '../invoice/invoice.events';
import { InvoiceLines } from '../invoice/invoice-lines';
import { onInvoice } from '../invoice/invoice.stream';
import { invoiceWithCustomerFlow } from './invoice-with-customer.flow';

type EditInvoiceChanges = EditInvoice['data']['changes'];

const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);

/** The invoice's requests that may name a new customer: creating and editing it. */
@Injectable()
export class InvoiceFlowsService {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  async create(caller: RequestContext, dto: CreateInvoiceDto): Promise<InvoiceEntity> {
    const invoiceId = newId('inv');
    const currency = dto.currency ?? DEFAULT_CURRENCY;
    const lines = await new InvoiceLines(this.database, caller).all(dto.line_items ?? [], currency);
    const metadata = this.clock.metadata(caller);
    const issueWith = dto.draft ? null : { orderId: newId('order') };
    return this.run(metadata, dto, (customer) => {
      const terms: InvoiceTerms = { ...newTerms(dto, currency), customer: customer ?? null, lines };
      const data = { invoiceId, terms, issueWith };
      return onInvoice(
        invoiceId,
        { type: 'CreateInvoice', data, metadata },
        this.publicBaseUrl,
        true,
      );
    });
  }

  async edit(
    caller: RequestContext,
    invoiceId: string,
    dto: UpdateInvoiceDto,
  ): Promise<InvoiceEntity> {
    const current = orNotFound(await getInvoiceDetails(this.database, caller, invoiceId));
    const currency = dto.currency ?? current.terms.currency;
    const lineEdits =
      dto.line_items === undefined
        ? undefined
        : await new InvoiceLines(this.database, caller).edits(dto.line_items, currency);
    const metadata = this.clock.metadata(caller);
    return this.run(metadata, dto, (customer) => {
      const data = { changes: { ...changesOf(dto), customer }, lineEdits };
      return onInvoice(invoiceId, { type: 'EditInvoice', data, metadata }, this.publicBaseUrl);
    });
  }

  /** The flow, once more if the inline customer was made meanwhile; a receipt in use is a 400. */
  private async run(
    metadata: CommandMetadata,
    sent: Pick<InvoiceFieldsDto, 'customer_id' | 'customer'>,
    invoice: (customer: InvoiceCustomer | null | undefined) => ReturnType<typeof onInvoice>,
  ): Promise<InvoiceEntity> {
    try {
      return await onceMoreIfCustomerMadeMeanwhile(() =>
        runFlow(this.handler, invoiceWithCustomerFlow, {
          metadata,
          sent,
          invoice,
          lookups: {
            customer: (customerId) => getCustomerDetails(this.database, metadata, customerId),
            findOrCreate: (details) => findOrCreateCustomer(this.database, metadata, details),
          },
          publicBaseUrl: this.publicBaseUrl,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'invoices_receipt_unique'))
        throw new AlreadyExists('An invoice with this receipt already exists.', 'receipt');
      throw error;
    }
  }
}

function newTerms(
  dto: CreateInvoiceDto,
  currency: string,
): Omit<InvoiceTerms, 'customer' | 'lines'> {
  return {
    type: dto.type ?? 'invoice',
    currency,
    description: dto.description ?? null,
    expireBy: seconds(dto.expire_by) ?? null,
    partialPayment: dto.partial_payment ?? false,
    smsNotify: dto.sms_notify ?? true,
    emailNotify: dto.email_notify ?? true,
    receipt: dto.receipt ?? null,
    notes: normalizeNotes(dto.notes),
    date: dto.date ?? null,
    subscriptionId: null,
    billingStart: null,
    billingEnd: null,
  };
}

function changesOf(dto: UpdateInvoiceDto): Omit<EditInvoiceChanges, 'customer'> {
  return {
    type: dto.type,
    currency: dto.currency,
    description: dto.description,
    expireBy: seconds(dto.expire_by),
    partialPayment: dto.partial_payment,
    smsNotify: dto.sms_notify,
    emailNotify: dto.email_notify,
    receipt: dto.receipt,
    notes: dto.notes === undefined ? undefined : normalizeNotes(dto.notes),
    date: dto.date,
  };
}
