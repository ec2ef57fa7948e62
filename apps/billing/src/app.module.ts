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
import { BillDetailsRow } from './bill/bill-details/bill-details.entity';
import { BillDetails1763900002000 } from './bill/bill-details/bill-details.migration';
import { billDetailsProjection } from './bill/bill-details/bill-details.projection';
import { BILL_STREAM } from './bill/bill.decider';
import { BillModule } from './bill/bill.module';
import type { BillingConfig } from './billing.config';
import { CustomerDetailsRow } from './customer/customer-details/customer-details.entity';
import { AddonDetailsRow } from './addon/addon-details/addon-details.entity';
import { AddonDetails1763900004200 } from './addon/addon-details/addon-details.migration';
import { addonDetailsProjection } from './addon/addon-details/addon-details.projection';
import { ADDON_STREAM } from './addon/addon.decider';
import { AddonModule } from './addon/addon.module';
import { OfferDetailsRow } from './offer/offer-details/offer-details.entity';
import { OfferDetails1763900004300 } from './offer/offer-details/offer-details.migration';
import { offerDetailsProjection } from './offer/offer-details/offer-details.projection';
import { OFFER_STREAM } from './offer/offer.decider';
import { OfferModule } from './offer/offer.module';
import { SubscriptionDetailsRow } from './subscription/subscription-details/subscription-details.entity';
import { SubscriptionDetails1763900004000 } from './subscription/subscription-details/subscription-details.migration';
import { subscriptionDetailsProjection } from './subscription/subscription-details/subscription-details.projection';
import { SUBSCRIPTION_STREAM } from './subscription/subscription.decider';
import { SubscriptionModule } from './subscription/subscription.module';
import { FlowsModule } from './flows/flows.module';
import { CheckoutPagesModule } from './pages/checkout-pages.module';
import { InvoiceDetailsRow } from './invoice/invoice-details/invoice-details.entity';
import { InvoiceDetails1763900003000 } from './invoice/invoice-details/invoice-details.migration';
import { invoiceDetailsProjection } from './invoice/invoice-details/invoice-details.projection';
import { INVOICE_STREAM } from './invoice/invoice.decider';
import { InvoiceModule } from './invoice/invoice.module';
import { ItemDetailsRow } from './item/item-details/item-details.entity';
import { ItemDetails1763900001000 } from './item/item-details/item-details.migration';
import { itemDetailsProjection } from './item/item-details/item-details.projection';
import { ITEM_STREAM } from './item/item.decider';
import { ItemModule } from './item/item.module';
import { PlanDetailsRow } from './plan/plan-details/plan-details.entity';
import { PlanDetails1763900001100 } from './plan/plan-details/plan-details.migration';
import { planDetailsProjection } from './plan/plan-details/plan-details.projection';
import { PLAN_STREAM } from './plan/plan.decider';
import { PlanModule } from './plan/plan.module';
import { CustomerDetails1763800000100 } from './customer/customer-details/customer-details.migration';
import { CustomerModule } from './customer/customer.module';
import { CUSTOMER_STREAM } from './customer/customer.decider';
import { customerDetailsProjection } from './customer/customer-details/customer-details.projection';

export const BILLING_ENTITIES = [
  CustomerDetailsRow,
  ItemDetailsRow,
  PlanDetailsRow,
  BillDetailsRow,
  InvoiceDetailsRow,
  SubscriptionDetailsRow,
  AddonDetailsRow,
  OfferDetailsRow,
];
export const BILLING_READ_MODELS = {
  streamTypes: [
    CUSTOMER_STREAM,
    ITEM_STREAM,
    PLAN_STREAM,
    BILL_STREAM,
    INVOICE_STREAM,
    SUBSCRIPTION_STREAM,
    ADDON_STREAM,
    OFFER_STREAM,
  ],
  projections: [
    customerDetailsProjection,
    itemDetailsProjection,
    planDetailsProjection,
    billDetailsProjection,
    invoiceDetailsProjection,
    subscriptionDetailsProjection,
    addonDetailsProjection,
    offerDetailsProjection,
  ],
};
export const BILLING_MIGRATIONS = [
  EventStoreSchema1763800000000,
  CustomerDetails1763800000100,
  DueJobsSchema1763900000000,
  ItemDetails1763900001000,
  PlanDetails1763900001100,
  BillDetails1763900002000,
  InvoiceDetails1763900003000,
  SubscriptionDetails1763900004000,
  AddonDetails1763900004200,
  OfferDetails1763900004300,
  DeadLettersSchema1764200000000,
  OutboxByAccount1765000000000,
  CatchUpHorizons1765000000100,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
];

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'billing',
          config,
          entities: BILLING_ENTITIES,
          migrations: BILLING_MIGRATIONS,
          relay: true,
          scheduler: true,
          catchUpFrom: { payments: config.PAYMENTS_URL },
        }),
        CustomerModule,
        ItemModule,
        PlanModule,
        BillModule,
        InvoiceModule,
        SubscriptionModule,
        AddonModule,
        OfferModule,
        FlowsModule,
        CheckoutPagesModule,
        // An invoice's or subscription's history shows the payments that paid it: caught up first.
        EntityHistoryModule.register({ service: 'billing', ...BILLING_READ_MODELS, catchUp: true }),
      ],
    };
  }
}
