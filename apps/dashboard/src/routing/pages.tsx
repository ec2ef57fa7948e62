import type { ComponentChild } from 'preact';
import type { ApiClient } from '../api/api-client';
import { CustomersPage } from '../customers/customers.page';
import { DisputesPage } from '../disputes/disputes.page';
import { HomePage } from '../home/home.page';
import { InvoicesPage } from '../invoices/invoices.page';
import { OrderDetailPage } from '../orders/order-detail.page';
import { OrdersPage } from '../orders/orders.page';
import { PaymentLinkDetailPage } from '../payment-links/payment-link-detail.page';
import { PaymentLinksPage } from '../payment-links/payment-links.page';
import { PaymentDetailPage } from '../payments/payment-detail.page';
import { PaymentsPage } from '../payments/payments.page';
import { QrCodesPage } from '../qr-codes/qr-codes.page';
import { RefundsPage } from '../refunds/refunds.page';
import { SettlementDetailPage } from '../settlements/settlement-detail.page';
import { SettlementsPage } from '../settlements/settlements.page';
import { SubscriptionsPage } from '../subscriptions/subscriptions.page';
import { WebhookDetailPage } from '../webhooks/webhook-detail.page';
import { WebhooksPage } from '../webhooks/webhooks.page';

type PageOf = (api: ApiClient, id: string | undefined) => ComponentChild;

/** Each address's page: `#/<segment>` lists, `#/<segment>/<id>` shows one where a page for one exists. */
const PAGES: Record<string, PageOf> = {
  '': (api) => <HomePage api={api} />,
  payments: (api, id) =>
    id ? <PaymentDetailPage key={id} api={api} id={id} /> : <PaymentsPage api={api} />,
  orders: (api, id) =>
    id ? <OrderDetailPage key={id} api={api} id={id} /> : <OrdersPage api={api} />,
  refunds: (api) => <RefundsPage api={api} />,
  disputes: (api) => <DisputesPage api={api} />,
  'qr-codes': (api) => <QrCodesPage api={api} />,
  'payment-links': (api, id) =>
    id ? <PaymentLinkDetailPage key={id} api={api} id={id} /> : <PaymentLinksPage api={api} />,
  customers: (api) => <CustomersPage api={api} />,
  invoices: (api) => <InvoicesPage api={api} />,
  subscriptions: (api) => <SubscriptionsPage api={api} />,
  settlements: (api, id) =>
    id ? <SettlementDetailPage key={id} api={api} id={id} /> : <SettlementsPage api={api} />,
  webhooks: (api, id) =>
    id ? <WebhookDetailPage key={id} api={api} id={id} /> : <WebhooksPage api={api} />,
};

export function pageAt([segment = '', id]: string[], api: ApiClient): ComponentChild {
  const page = PAGES[segment];
  return page ? page(api, id) : <p class="error">There is no page at #/{segment}.</p>;
}
