import { Controller, Get, Param } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { toPaymentLinkCheckout } from './dtos/payment-link-checkout.response';
import type { PaymentLinkCheckout } from './dtos/payment-link-checkout.response';
import { findPaymentLink } from './payment-link-details/payment-link-details.query';

/**
 * What the gateway's public link page (`/l/:id`) and its checkout need of a link, which they know
 * by its id alone (a customer has no key): its account and mode, its order and what is due, and
 * the key whose secret signs the callback. Internal: the gateway's token is checked.
 */
@Controller('internal/payment-links')
export class PaymentLinkCheckoutController {
  constructor(private readonly database: Database) {}

  @Get(':id/checkout')
  async checkout(@Param('id') id: string): Promise<PaymentLinkCheckout> {
    return toPaymentLinkCheckout(orNotFound(await findPaymentLink(this.database, id)));
  }
}
