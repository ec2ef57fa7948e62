import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { PaymentLinkEntity } from '@platform/contracts';
import { PAYMENT_LINK_NOTIFY_MEDIA } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { PaymentLinkListQuery } from './dtos/payment-link-list.query';
import type { PaymentLinkList } from './dtos/payment-link-list.response';
import { toPaymentLinkEntity } from './dtos/payment-link.response';
import {
  getPaymentLinkDetails,
  listPaymentLinkDetails,
} from './payment-link-details/payment-link-details.query';
import { checkPaymentLinkId, PaymentLinkIdParam } from './payment-link-id';
import { PaymentLinkService } from './payment-link.service';

/** Reading payment links and sending them; creating, editing and cancelling one are flows (flows/). */
@ApiTags('Payment links')
@Controller('v1/payment_links')
export class PaymentLinkController {
  constructor(
    private readonly links: PaymentLinkService,
    private readonly database: Database,
  ) {}

  /**
   * List payment links, newest first
   *
   * @remarks Every link of the account and mode, cancelled and expired ones included, under
   * `payment_links` (as Razorpay answers and the SDK's types say, not as a collection).
   *
   * @returns A page of payment links
   */
  @Get()
  async listPaymentLinks(
    @Caller() caller: RequestContext,
    @Query() query: PaymentLinkListQuery,
  ): Promise<PaymentLinkList> {
    const rows = await listPaymentLinkDetails(this.database, caller, query, {
      paymentId: query.payment_id,
      referenceId: query.reference_id,
    });
    return { payment_links: rows.map(toPaymentLinkEntity) };
  }

  /**
   * Fetch a payment link
   *
   * @returns The payment link
   */
  @PaymentLinkIdParam()
  @Get(':id')
  async fetchPaymentLink(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<PaymentLinkEntity> {
    const row = await getPaymentLinkDetails(this.database, caller, checkPaymentLinkId(id));
    return toPaymentLinkEntity(orNotFound(row));
  }

  /**
   * Send a payment link to its customer by sms or email
   *
   * @remarks Sends a message with the amount due and the `short_url` now, and records it on the
   * link. Only while the link is `created` or `partially_paid` ("The payment link is paid:
   * there is nothing to send its customer."); the customer needs the address ("The payment
   * link's customer has no contact to send it to.", "… no email to send it to.", field
   * `medium`). Email goes out over SMTP when the service is configured with one, otherwise
   * to the service log; sms always goes to the log. No body.
   *
   * @returns Sent
   */
  @PaymentLinkIdParam()
  @ApiParam({
    name: 'medium',
    required: true,
    description: '"not a valid notification medium" for anything but sms and email.',
    schema: { type: 'string', enum: [...PAYMENT_LINK_NOTIFY_MEDIA] },
  })
  @Post(':id/notify_by/:medium')
  @HttpCode(200)
  async notifyPaymentLink(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Param('medium') medium: string,
  ): Promise<{ success: boolean }> {
    await this.links.notify(caller, checkPaymentLinkId(id), medium);
    return { success: true };
  }
}
