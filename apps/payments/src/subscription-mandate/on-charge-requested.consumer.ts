import { Injectable, Logger } from '@nestjs/common';
import { InvoiceEventTypes, Topics } from '@platform/contracts';
import type { InvoiceEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { getOrderDetails } from '../order/order-details/order-details.query';
import { SimulatorService } from '../simulator/simulator.service';

export const SUBSCRIPTION_CHARGES_CONSUMER = 'payments.subscription-charges';

/**
 * billing's `invoice.charge_requested` → a charge of the subscription's saved card on the invoice's
 * order (captured at once, or declined), reported back as payment.captured / payment.failed. In test
 * mode the simulated bank answers; live mode has no card network wired in, so it charges nothing.
 */
@Injectable()
@IntegrationEventHandler()
export class OnChargeRequestedConsumer implements EventHandler<InvoiceEvent> {
  readonly topic = Topics.billingInvoice;
  readonly consumer = SUBSCRIPTION_CHARGES_CONSUMER;
  private readonly logger = new Logger(OnChargeRequestedConsumer.name);

  constructor(private readonly simulator: SimulatorService) {}

  async apply(tx: SqlRunner, event: InvoiceEvent): Promise<void> {
    if (event.type !== InvoiceEventTypes.chargeRequested) return;
    const { invoice, attempt } = event.data;
    const { order_id: orderId, subscription_id: subscriptionId } = invoice;
    if (!orderId || !subscriptionId) return;
    if (event.mode !== 'test') {
      this.logger.warn({
        msg: 'live subscription charges need a card network: not charged',
        invoiceId: invoice.id,
      });
      return;
    }
    const scope = { accountId: event.account_id, mode: event.mode };
    // The order opens with invoice.issued, handled by another consumer of this topic: until then, retry.
    if (!(await getOrderDetails(tx, scope, orderId)))
      throw new Error(`the order of ${invoice.id} is not open yet`);
    await unlessRefused(
      async () => {
        // In the inbox transaction: the charge and the inbox row commit together, or neither does.
        const outcome = await this.simulator.chargeSavedToken(
          eventMetadata(event),
          { subscriptionId, orderId, invoiceId: invoice.id, attempt },
          { runner: tx },
        );
        if (outcome === 'no-token')
          this.logger.warn({
            msg: 'subscription has no saved card: not charged',
            invoiceId: invoice.id,
          });
      },
      (error) =>
        this.logger.warn({
          msg: 'subscription charge not made',
          invoiceId: invoice.id,
          attempt,
          reason: error.description,
        }),
    );
  }
}
