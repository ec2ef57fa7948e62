import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { InvoiceEventTypes } from '@platform/contracts';
import type { InvoiceChargeRequestedEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import { getOrderDetails } from '../order/order-details/order-details.query';
import { SimulatorService } from '../simulator/simulator.service';

export const SUBSCRIPTION_CHARGES_CONSUMER = 'payments.subscription-charges';

/** Why a charge request charged nothing, as the log says it. */
const NOT_CHARGED = {
  'no-token': 'subscription has no saved card: not charged',
  'no-acquirer':
    'subscription charges of this mode need an acquirer, and none is configured: not charged',
} as const;

/**
 * billing's `invoice.charge_requested` → a charge of the subscription's saved card on the invoice's
 * order (captured at once, or declined), reported back as payment.captured / payment.failed. The
 * mode's acquirer answers (the test bank in test mode); live mode has none today, so it charges
 * nothing.
 */
@Controller()
export class OnChargeRequestedConsumer {
  private readonly logger = new Logger(OnChargeRequestedConsumer.name);

  constructor(private readonly simulator: SimulatorService) {}

  @EventPattern(InvoiceEventTypes.chargeRequested, inbox(SUBSCRIPTION_CHARGES_CONSUMER))
  async charge(
    @Payload() events: readonly InvoiceChargeRequestedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events) await this.chargeOne(batch.tx, event);
  }

  private async chargeOne(tx: SqlRunner, event: InvoiceChargeRequestedEvent): Promise<void> {
    const { invoice, attempt } = event.data;
    const { order_id: orderId, subscription_id: subscriptionId } = invoice;
    if (!orderId || !subscriptionId) return;
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
        if (outcome === 'no-token' || outcome === 'no-acquirer')
          this.logger.warn({
            ...eventLogFields(event),
            msg: NOT_CHARGED[outcome],
            invoiceId: invoice.id,
          });
      },
      (error) =>
        this.logger.warn({
          ...eventLogFields(event),
          msg: 'subscription charge not made',
          invoiceId: invoice.id,
          attempt,
          reason: error.description,
        }),
    );
  }
}
