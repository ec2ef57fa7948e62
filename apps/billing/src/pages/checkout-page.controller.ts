import { Controller, Get, Param } from '@nestjs/common';
import { IllegalTransition, NotFound } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { EventCatchUp } from '@platform/messaging';
import type { InvoiceDetailsRow } from '../invoice/invoice-details/invoice-details.entity';
import { findIssuedInvoice } from '../invoice/invoice-details/invoice-details.query';
import type { SubscriptionDetailsRow } from '../subscription/subscription-details/subscription-details.entity';
import { findSubscriptionById } from '../subscription/subscription-details/subscription-details.query';
import { isFinal } from '../subscription/subscription-status';

/** Whose a pay page is, and what paying it pays: its order (an invoice) or the subscription. */
type CheckoutPageOwner = { account_id: string; mode: Mode } & (
  { order_id: string } | { subscription_id: string }
);

const CANNOT_PAY = 'This page cannot take payments:';
const INVOICE_REFUSALS: Partial<Record<InvoiceDetailsRow['status'], string>> = {
  paid: 'the invoice is paid.',
  cancelled: 'the invoice is cancelled.',
  expired: 'the invoice has expired.',
};

/**
 * For the gateway's `GET /v1/checkout/pages/:id`, which opens Checkout from an invoice's or a
 * subscription's page: whose the page is (account and mode) and what a payment of it pays. Found by
 * the id alone, like the pages themselves (internal; the gateway does not route it), after catching
 * up on the account's payments. Only an issued or partially paid invoice, or a subscription awaiting
 * authorization, takes a payment; any other is refused saying why.
 */
@Controller('internal/checkout-pages')
export class CheckoutPageController {
  constructor(
    private readonly database: Database,
    private readonly catchUp: EventCatchUp,
  ) {}

  @Get(':id')
  async owner(@Param('id') id: string): Promise<CheckoutPageOwner> {
    if (id.startsWith('inv_')) return invoiceOwner(await this.caughtUp(id, findIssuedInvoice));
    if (id.startsWith('sub_'))
      return subscriptionOwner(await this.caughtUp(id, findSubscriptionById));
    throw new NotFound();
  }

  private async caughtUp<Row extends InvoiceDetailsRow | SubscriptionDetailsRow>(
    id: string,
    find: (db: Database, id: string) => Promise<Row | null>,
  ): Promise<Row> {
    const found = orNotFound(await find(this.database, id));
    await this.catchUp.forCaller({ ...found, requestId: `checkout-page:${id}` });
    return orNotFound(await find(this.database, id));
  }
}

function invoiceOwner(invoice: InvoiceDetailsRow): CheckoutPageOwner {
  const refusal = INVOICE_REFUSALS[invoice.status];
  if (refusal) throw new IllegalTransition(`${CANNOT_PAY} ${refusal}`);
  // An issued invoice has its order from the issue on.
  return { account_id: invoice.accountId, mode: invoice.mode, order_id: invoice.orderId as string };
}

function subscriptionOwner(subscription: SubscriptionDetailsRow): CheckoutPageOwner {
  if (subscription.status !== 'created')
    throw new IllegalTransition(
      `${CANNOT_PAY} ${
        isFinal(subscription.status)
          ? `the subscription is ${subscription.status}.`
          : 'the subscription is already authorized.'
      }`,
    );
  return {
    account_id: subscription.accountId,
    mode: subscription.mode,
    subscription_id: subscription.id,
  };
}
