import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import {
  DueJobsSchema1763900000000,
  EventStoreSchema1763800000000,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
  OutboxByAccount1765000000000,
} from '@platform/event-store';
import { CatchUpHorizons1765000000100, DeadLettersSchema1764200000000 } from '@platform/messaging';
import { EntityHistoryModule, ServiceKitModule } from '@platform/service-kit';
import { AcquirerModule } from './acquirer/acquirer.module';
import { CheckoutModule } from './checkout/checkout.module';
import { CustomerDirectoryRow } from './customer-directory/customer-directory.entity';
import { CustomerDirectory1763800000200 } from './customer-directory/customer-directory.migration';
import { CustomerDirectoryModule } from './customer-directory/customer-directory.module';
import { DisputeDetailsRow } from './dispute/dispute-details/dispute-details.entity';
import { DisputeDetails1763900000900 } from './dispute/dispute-details/dispute-details.migration';
import { DisputeGatewayIds1765100000100 } from './dispute/dispute-details/dispute-gateway-ids.migration';
import { disputeDetailsProjection } from './dispute/dispute-details/dispute-details.projection';
import { DISPUTE_STREAM } from './dispute/dispute.decider';
import { DisputeModule } from './dispute/dispute.module';
import { DocumentDetailsRow } from './document/document-details/document-details.entity';
import { DocumentDetails1763900000800 } from './document/document-details/document-details.migration';
import { documentDetailsProjection } from './document/document-details/document-details.projection';
import { DOCUMENT_STREAM } from './document/document.decider';
import { DocumentModule } from './document/document.module';
import { DowntimeModule } from './downtime/downtime.module';
import { FlowsModule } from './flows/flows.module';
import { OrderDetailsRow } from './order/order-details/order-details.entity';
import { OrderDetails1763900000400 } from './order/order-details/order-details.migration';
import { OrderInvoices1763900003100 } from './order/order-details/order-invoices.migration';
import { OrderPaymentLinks1765300000100 } from './order/order-details/order-payment-links.migration';
import { orderDetailsProjection } from './order/order-details/order-details.projection';
import { ORDER_STREAM } from './order/order.decider';
import { OrderModule } from './order/order.module';
import { PaymentDetailsRow } from './payment/payment-details/payment-details.entity';
import { PaymentDetails1763900000410 } from './payment/payment-details/payment-details.migration';
import { PaymentCustomers1765100000200 } from './payment/payment-details/payment-customers.migration';
import { PaymentChallenges1765200000100 } from './payment/payment-details/payment-challenges.migration';
import { paymentDetailsProjection } from './payment/payment-details/payment-details.projection';
import { PAYMENT_STREAM } from './payment/payment.decider';
import { PaymentModule } from './payment/payment.module';
import { PaymentLinkDetailsRow } from './payment-link/payment-link-details/payment-link-details.entity';
import { PaymentLinkDetails1765300000200 } from './payment-link/payment-link-details/payment-link-details.migration';
import { paymentLinkDetailsProjection } from './payment-link/payment-link-details/payment-link-details.projection';
import { PaymentLinkModule } from './payment-link/payment-link.module';
import { PAYMENT_LINK_STREAM } from './payment-link/payment-link.state';
import type { PaymentsConfig } from './payments.config';
import { RefundDetailsRow } from './refund/refund-details/refund-details.entity';
import { RefundDetails1763900000420 } from './refund/refund-details/refund-details.migration';
import { refundDetailsProjection } from './refund/refund-details/refund-details.projection';
import { REFUND_STREAM } from './refund/refund.decider';
import { RefundModule } from './refund/refund.module';
import { QrCodeDetailsRow } from './qr-code/qr-code-details/qr-code-details.entity';
import { QrCodeDetails1763900000700 } from './qr-code/qr-code-details/qr-code-details.migration';
import { qrCodeDetailsProjection } from './qr-code/qr-code-details/qr-code-details.projection';
import { QR_CODE_STREAM } from './qr-code/qr-code.decider';
import { QrCodeModule } from './qr-code/qr-code.module';
import { PaymentSettlementRow } from './settlement-directory/settlement-directory.entity';
import { SettlementDirectory1763900005000 } from './settlement-directory/settlement-directory.migration';
import { SettlementDirectoryModule } from './settlement-directory/settlement-directory.module';
import { SimulatorModule } from './simulator/simulator.module';
import { SubscriptionMandates1763900004100 } from './subscription-mandate/subscription-mandate.migration';
import { SubscriptionMandateInvoices1763900004110 } from './subscription-mandate/subscription-mandate-invoices.migration';
import { SubscriptionMandateModule } from './subscription-mandate/subscription-mandate.module';
import { paymentRedactions } from './payment/payment.history';

/** The consumer group of payments' Kafka handlers. */
export const PAYMENTS_CONSUMER_GROUP = 'payments';

export const PAYMENTS_ENTITIES = [
  CustomerDirectoryRow,
  OrderDetailsRow,
  PaymentDetailsRow,
  RefundDetailsRow,
  QrCodeDetailsRow,
  DocumentDetailsRow,
  DisputeDetailsRow,
  PaymentSettlementRow,
  PaymentLinkDetailsRow,
];
export const PAYMENTS_MIGRATIONS = [
  EventStoreSchema1763800000000,
  CustomerDirectory1763800000200,
  DueJobsSchema1763900000000,
  OrderDetails1763900000400,
  PaymentDetails1763900000410,
  RefundDetails1763900000420,
  QrCodeDetails1763900000700,
  DocumentDetails1763900000800,
  DisputeDetails1763900000900,
  OrderInvoices1763900003100,
  SubscriptionMandates1763900004100,
  SubscriptionMandateInvoices1763900004110,
  SettlementDirectory1763900005000,
  DeadLettersSchema1764200000000,
  OutboxByAccount1765000000000,
  CatchUpHorizons1765000000100,
  DisputeGatewayIds1765100000100,
  PaymentCustomers1765100000200,
  PaymentChallenges1765200000100,
  OrderPaymentLinks1765300000100,
  PaymentLinkDetails1765300000200,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
];
export const PAYMENTS_READ_MODELS = {
  streamTypes: [
    ORDER_STREAM,
    PAYMENT_STREAM,
    REFUND_STREAM,
    QR_CODE_STREAM,
    DOCUMENT_STREAM,
    DISPUTE_STREAM,
    PAYMENT_LINK_STREAM,
  ],
  projections: [
    orderDetailsProjection,
    paymentDetailsProjection,
    refundDetailsProjection,
    qrCodeDetailsProjection,
    documentDetailsProjection,
    disputeDetailsProjection,
    paymentLinkDetailsProjection,
  ],
};

@Module({})
export class AppModule {
  static register(config: PaymentsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'payments',
          config,
          entities: PAYMENTS_ENTITIES,
          migrations: PAYMENTS_MIGRATIONS,
          relay: true,
          consumerGroup: PAYMENTS_CONSUMER_GROUP,
          scheduler: true,
          catchUpFrom: { billing: config.BILLING_URL, settlements: config.SETTLEMENTS_URL },
        }),
        AcquirerModule,
        CustomerDirectoryModule,
        SettlementDirectoryModule,
        OrderModule,
        PaymentModule,
        RefundModule,
        QrCodeModule,
        DocumentModule,
        DisputeModule,
        PaymentLinkModule,
        DowntimeModule,
        SubscriptionMandateModule,
        CheckoutModule,
        SimulatorModule,
        FlowsModule,
        EntityHistoryModule.register({
          service: 'payments',
          ...PAYMENTS_READ_MODELS,
          redactions: paymentRedactions,
        }),
      ],
    };
  }
}
