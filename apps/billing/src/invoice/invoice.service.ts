import { Inject, Injectable } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Notifier } from '@platform/notification';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { toInvoiceEntity } from './dtos/invoice.response';
import { recordNotification } from './decide/record-notification';
import { invoiceDetailsProjection } from './invoice-details/invoice-details.projection';
import { getInvoiceDetails } from './invoice-details/invoice-details.query';
import type { InvoiceCommand } from './invoice.commands';
import type { NotificationMedium } from './invoice.events';
import { onInvoice } from './invoice.stream';
import { invoiceMessage } from './notification/invoice-message';

/** The invoice's own use cases (creating and editing one may make a customer too: flows/). */
@Injectable()
export class InvoiceService {
  readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
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

  /** The invoice's command, answered with the invoice. */
  private async run(spec: ReturnType<typeof onInvoice>): Promise<InvoiceEntity> {
    const result = await this.handler.handle(spec);
    const row = orNotFound(invoiceDetailsProjection.view(result.stream));
    return toInvoiceEntity(row, this.publicBaseUrl);
  }
}
