import { Inject, Injectable } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { askOwner } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';
import { openInvoiceOrder } from './invoice-order';
import { orderClosed, orderAlreadyPaid } from './order.decider';
import { findInvoiceOrder } from './order-details/order-details.query';

export const INVOICE_NOT_ISSUED =
  'The id provided does not exist (or the invoice is not issued yet)';

/**
 * The order that collects a billing invoice. Payments opens it when `invoice.issued` arrives; an
 * invoice paid before that (created and paid at once) is asked of billing, its owner, over its API
 * (`GET /v1/invoices/:id`, as the caller's account and mode), and an issued one gets its order here,
 * exactly as the event would open it. A cancelled or expired invoice is refused as its closed order would be.
 */
@Injectable()
export class InvoiceOrderLookup {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async orderOf(
    caller: RequestContext,
    invoiceId: string,
    metadata: CommandMetadata,
  ): Promise<string> {
    const known = await findInvoiceOrder(this.database, caller, invoiceId);
    if (known) return known.id;
    const invoice = await this.askBilling(caller, invoiceId);
    if (invoice?.status === 'cancelled' || invoice?.status === 'expired')
      throw orderClosed(`invoice_${invoice.status}`);
    if (invoice?.status === 'paid') throw orderAlreadyPaid();
    if (invoice?.status !== 'issued' || !invoice.order_id)
      throw new ValidationFailed(INVOICE_NOT_ISSUED, 'invoice_id');
    await openInvoiceOrder(this.handler, { ...invoice, order_id: invoice.order_id }, metadata);
    return invoice.order_id;
  }

  private askBilling(caller: RequestContext, invoiceId: string): Promise<InvoiceEntity | null> {
    const config = this.options.config as PaymentsConfig;
    const path = `/v1/invoices/${encodeURIComponent(invoiceId)}`;
    return askOwner<InvoiceEntity>({
      baseUrl: config.BILLING_URL,
      path,
      internalToken: config.INTERNAL_TOKEN,
      caller,
      what: `invoice ${invoiceId}`,
    });
  }
}
