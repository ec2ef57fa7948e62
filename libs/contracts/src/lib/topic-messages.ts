import type { CustomerCreatedEvent } from './customers/customer-created.event';
import type { CustomerUpdatedEvent } from './customers/customer-updated.event';
import type { PublishedInvoiceEvent } from './billing/invoice.entity';
import type { PublishedSubscriptionEvent } from './billing/subscription.entity';
import type {
  PublishedDisputeEvent,
  OrderPaidEvent,
  PublishedPaymentEvent,
  PublishedPaymentLinkEvent,
  PublishedQrCodeEvent,
  PublishedRefundEvent,
} from './payments/published-events';
import type { PublishedSettlementEvent } from './settlements/published-events';
import type { TestClockAdvancedEvent } from './test-clocks/test-clock-advanced.event';

/**
 * What each topic carries: the contract of the platform's Kafka topics in one type. The JSON
 * Schemas of the AsyncAPI document are generated from it (`npm run contracts:schemas`), so the
 * document says exactly what producers are typed to send.
 *
 * @public Read by name by the schema generator (tools/contracts), not imported.
 */
export interface TopicMessages {
  'billing.customer': CustomerCreatedEvent | CustomerUpdatedEvent;
  'billing.invoice': PublishedInvoiceEvent;
  'billing.subscription': PublishedSubscriptionEvent;
  'gateway.test_clock': TestClockAdvancedEvent;
  'payments.order': OrderPaidEvent;
  'payments.payment': PublishedPaymentEvent;
  'payments.refund': PublishedRefundEvent;
  'payments.qr_code': PublishedQrCodeEvent;
  'payments.dispute': PublishedDisputeEvent;
  'payments.payment_link': PublishedPaymentLinkEvent;
  'settlements.settlement': PublishedSettlementEvent;
}
