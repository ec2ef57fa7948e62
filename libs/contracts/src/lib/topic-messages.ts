import type { CustomerCreatedEvent } from './customers/customer-created.event';
import type { CustomerUpdatedEvent } from './customers/customer-updated.event';
import type { InvoiceEvent } from './billing/invoice.entity';
import type { SubscriptionEvent } from './billing/subscription.entity';
import type {
  DisputeEvent,
  OrderPaidEvent,
  PaymentEvent,
  QrCodeEvent,
  RefundEvent,
} from './payments/payment-events';
import type { SettlementEvent } from './settlements/settlement-events';
import type { TestClockAdvancedEvent } from './test-clocks/test-clock-advanced.event';

/**
 * What each topic carries: the contract of the platform's Kafka topics in one type. The JSON
 * Schemas of the AsyncAPI document are generated from it (`npm run contracts:schemas`), so the
 * document says exactly what producers are typed to send.
 */
export interface TopicMessages {
  'billing.customer': CustomerCreatedEvent | CustomerUpdatedEvent;
  'billing.invoice': InvoiceEvent;
  'billing.subscription': SubscriptionEvent;
  'gateway.test_clock': TestClockAdvancedEvent;
  'payments.order': OrderPaidEvent;
  'payments.payment': PaymentEvent;
  'payments.refund': RefundEvent;
  'payments.qr_code': QrCodeEvent;
  'payments.dispute': DisputeEvent;
  'settlements.settlement': SettlementEvent;
}
