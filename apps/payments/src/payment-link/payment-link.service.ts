import { Injectable } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { PAYMENT_LINK_NOTIFY_MEDIA } from '@platform/contracts';
import type { PaymentLinkNotifyMedium } from '@platform/contracts';
import { Notifier } from '@platform/notification';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { getPaymentLinkDetails } from './payment-link-details/payment-link-details.query';
import { paymentLinkMessage } from './payment-link-message';
import type { RecordLinkNotification } from './payment-link.commands';
import { checkSendable, paymentLinkKind } from './payment-link.decider';
import { onPaymentLink } from './payment-link.stream';

/** Razorpay's answer to a medium other than sms and email. */
const NOT_A_MEDIUM = 'not a valid notification medium';

/** Sending a link to its customer (the link's own use case: creating, editing and closing one are flows). */
@Injectable()
export class PaymentLinkService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  /** POST /v1/payment_links/:id/notify_by/:medium: sent now (see send). */
  notify(caller: RequestContext, paymentLinkId: string, medium: string): Promise<void> {
    if (!isMedium(medium)) throw new ValidationFailed(NOT_A_MEDIUM, 'medium');
    return this.send(this.clock.metadata(caller), paymentLinkId, medium);
  }

  /**
   * Checks the link can be sent (the decider's rule, on the link as it stands, then the customer's
   * address), sends it, then records that it was sent. A delivery that fails is not recorded (the
   * caller, or the scheduler, tries again).
   */
  async send(
    metadata: CommandMetadata,
    paymentLinkId: string,
    medium: PaymentLinkNotifyMedium,
  ): Promise<void> {
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => checkSendable((await unit.read(paymentLinkKind, paymentLinkId)).state),
    });
    const row = await getPaymentLinkDetails(this.database, metadata, paymentLinkId);
    if (!row) throw new NotFound();
    const message = paymentLinkMessage(row, medium);
    const command: RecordLinkNotification = {
      type: 'RecordLinkNotification',
      data: { medium, to: message.to },
      metadata,
    };
    await this.notifier.send(message);
    await this.handler.handle(onPaymentLink(paymentLinkId, command));
  }
}

const isMedium = (medium: string): medium is PaymentLinkNotifyMedium =>
  (PAYMENT_LINK_NOTIFY_MEDIA as readonly string[]).includes(medium);
