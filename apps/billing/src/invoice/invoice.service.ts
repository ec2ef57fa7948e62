import { Inject, Injectable } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { AlreadyExists, newId, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, isUniqueViolation, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { getCustomerDetails } from '../customer/customer-details/customer-details.query';
import type { onCustomer } from '../customer/customer.stream';
import {
  findOrCreateCustomer,
  onceMoreIfCustomerMadeMeanwhile,
} from '../customer/find-or-create-customer';
import type { CreateInvoiceDto, InvoiceFieldsDto } from './dtos/create-invoice.dto';
import type { AddressDto } from './dtos/invoice-fields';
import type { UpdateInvoiceDto } from './dtos/update-invoice.dto';
import { toInvoiceEntity } from './dtos/invoice.response';
import { invoiceDetailsProjection } from './invoice-details/invoice-details.projection';
import { getInvoiceDetails } from './invoice-details/invoice-details.query';
import type { EditInvoice, InvoiceCommand } from './invoice.commands';
import { recordNotification } from './decide/record-notification';
import type { Invoice } from './invoice.decider';
import type {
  InvoiceAddress,
  InvoiceCustomer,
  InvoiceEvent,
  InvoiceTerms,
  NotificationMedium,
} from './invoice.events';
import { InvoiceLines } from './invoice-lines';
import { onInvoice } from './invoice.stream';
import { invoiceCustomerOf } from './invoice-customer';
import { invoiceMessage } from './notification/invoice-message';
import { InvoiceNotifier } from '../notification/invoice-notifier';

type EditInvoiceChanges = EditInvoice['data']['changes'];

const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);

/** The invoice use cases: the edge's input becomes commands for the invoice decider. */
@Injectable()
export class InvoiceService {
  readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly notifier: InvoiceNotifier,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  /** An inline customer is found or made in the invoice's statement (see customerOf). */
  async create(caller: RequestContext, dto: CreateInvoiceDto): Promise<InvoiceEntity> {
    const invoiceId = newId('inv');
    const currency = dto.currency ?? DEFAULT_CURRENCY;
    const lines = await new InvoiceLines(this.database, caller).all(dto.line_items ?? [], currency);
    const metadata = this.clock.metadata(caller);
    return onceMoreIfCustomerMadeMeanwhile(async () => {
      const { customer, createCustomer } = await this.customerOf(metadata, dto);
      const terms: InvoiceTerms = { ...this.newTerms(dto, currency), customer, lines };
      const issueWith = dto.draft ? null : { orderId: newId('order') };
      return this.run(
        onInvoice(
          invoiceId,
          { type: 'CreateInvoice', data: { invoiceId, terms, issueWith }, metadata },
          this.publicBaseUrl,
          true,
        ),
        createCustomer,
      );
    });
  }

  private newTerms(
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
    return onceMoreIfCustomerMadeMeanwhile(async () => {
      const sent = dto.customer_id !== undefined || dto.customer !== undefined;
      const { customer, createCustomer } = sent
        ? await this.customerOf(metadata, dto)
        : { customer: undefined, createCustomer: null };
      const changes = { ...this.changesOf(dto), customer };
      return this.run(
        onInvoice(
          invoiceId,
          { type: 'EditInvoice', data: { changes, lineEdits }, metadata },
          this.publicBaseUrl,
        ),
        createCustomer,
      );
    });
  }

  private changesOf(dto: UpdateInvoiceDto): Omit<EditInvoiceChanges, 'customer'> {
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

  issue(caller: RequestContext, invoiceId: string): Promise<InvoiceEntity> {
    return this.run(
      onInvoice(
        invoiceId,
        {
          type: 'IssueInvoice',
          data: { orderId: newId('order') },
          metadata: this.clock.metadata(caller),
        },
        this.publicBaseUrl,
      ),
    );
  }

  cancel(caller: RequestContext, invoiceId: string): Promise<InvoiceEntity> {
    return this.run(
      onInvoice(
        invoiceId,
        { type: 'CancelInvoice', data: {}, metadata: this.clock.metadata(caller) },
        this.publicBaseUrl,
      ),
    );
  }

  async remove(caller: RequestContext, invoiceId: string): Promise<void> {
    await this.handler.handle(
      onInvoice(
        invoiceId,
        { type: 'DeleteInvoice', data: {}, metadata: this.clock.metadata(caller) },
        this.publicBaseUrl,
      ),
    );
  }

  /** The caller's request to send the invoice now (see send). */
  notify(caller: RequestContext, invoiceId: string, medium: NotificationMedium): Promise<void> {
    return this.send(this.clock.metadata(caller), invoiceId, medium);
  }

  /** Checks the invoice can be sent (the decider's rules), sends it, then records that it was sent. */
  async send(
    metadata: CommandMetadata,
    invoiceId: string,
    medium: NotificationMedium,
  ): Promise<void> {
    const row = orNotFound(await getInvoiceDetails(this.database, metadata, invoiceId));
    const command: InvoiceCommand = { type: 'RecordNotification', data: { medium }, metadata };
    recordNotification(command, {
      status: row.status,
      terms: row.terms,
      orderId: row.orderId,
      amountPaid: row.amountPaid,
      payments: [],
      rejectedPayments: [],
      notified: [],
    });
    await this.notifier.send(invoiceMessage(toInvoiceEntity(row, this.publicBaseUrl), medium));
    await this.handler.handle(onInvoice(invoiceId, command, this.publicBaseUrl));
  }

  /** The invoice's command, with the CreateCustomer of its inline customer when there is one (one statement). */
  private async run(
    spec: ReturnType<typeof onInvoice>,
    createCustomer: ReturnType<typeof onCustomer> | null = null,
  ): Promise<InvoiceEntity> {
    let result: CommandResult<Invoice, InvoiceEvent>;
    try {
      result = await this.handler.handle({
        scope: spec.command.metadata,
        run: async (unit) => {
          const invoice = await unit.decide(spec);
          if (createCustomer) await unit.decide(createCustomer);
          return invoice;
        },
      });
    } catch (error) {
      if (isUniqueViolation(error, 'invoices_receipt_unique'))
        throw new AlreadyExists('An invoice with this receipt already exists.', 'receipt');
      throw error;
    }
    const row = orNotFound(invoiceDetailsProjection.view(result.stream));
    return toInvoiceEntity(row, this.publicBaseUrl);
  }

  /**
   * customer_id (its details copied from billing's customers) or the inline customer (both at once is
   * refused). An inline customer is the account's customer of that email and contact, or a new one
   * made with the invoice (createCustomer), as Razorpay answers such an invoice with a customer_id;
   * the invoice keeps the details as sent (name and addresses).
   */
  private async customerOf(
    metadata: CommandMetadata,
    dto: InvoiceFieldsDto,
  ): Promise<{
    customer: InvoiceCustomer | null;
    createCustomer: ReturnType<typeof onCustomer> | null;
  }> {
    if (dto.customer_id !== undefined && dto.customer !== undefined)
      throw new ValidationFailed('Send customer_id or customer, not both.', 'customer');
    if (dto.customer_id !== undefined) {
      const customer = await getCustomerDetails(this.database, metadata, dto.customer_id);
      if (!customer) throw new ValidationFailed('The id provided does not exist', 'customer_id');
      return { customer: invoiceCustomerOf(customer.id, customer), createCustomer: null };
    }
    if (dto.customer === undefined) return { customer: null, createCustomer: null };
    const c = dto.customer;
    const details = {
      name: c.name ?? null,
      email: c.email ?? null,
      contact: c.contact ?? null,
      gstin: c.gstin ?? null,
    };
    const known = await findOrCreateCustomer(this.database, metadata, details);
    return {
      customer: {
        ...details,
        id: known?.customerId ?? null,
        billingAddress: address(c.billing_address),
        shippingAddress: address(c.shipping_address),
      },
      createCustomer: known?.create ?? null,
    };
  }
}

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
