import { ADDON_EXAMPLES } from './addons.examples';
import { CUSTOMER_EXAMPLES } from './customers.examples';
import { DISPUTE_EXAMPLES } from './disputes.examples';
import { DOCUMENT_EXAMPLES } from './documents.examples';
import type { PlatformAccount } from '../support/platform';
import type { DocumentedExample } from './example';
import { FIXTURES } from './given';
import { INVOICE_EXAMPLES } from './invoices.examples';
import { ITEM_EXAMPLES } from './items.examples';
import { ORDER_EXAMPLES } from './orders.examples';
import { PAYMENT_EXAMPLES } from './payments.examples';
import { PLAN_EXAMPLES } from './plans.examples';
import { QR_CODE_EXAMPLES } from './qr-codes.examples';
import { REFUND_EXAMPLES } from './refunds.examples';
import { SETTLEMENT_EXAMPLES } from './settlements.examples';
import { SUBSCRIPTION_EXAMPLES } from './subscriptions.examples';
import { WEBHOOK_EXAMPLES } from './webhooks.examples';
import { World } from './world';

/** Every documented request example, by the resource it calls. */
export const DOCUMENTED_EXAMPLES: Record<string, DocumentedExample[]> = {
  customers: CUSTOMER_EXAMPLES,
  items: ITEM_EXAMPLES,
  plans: PLAN_EXAMPLES,
  subscriptions: SUBSCRIPTION_EXAMPLES,
  addons: ADDON_EXAMPLES,
  invoices: INVOICE_EXAMPLES,
  orders: ORDER_EXAMPLES,
  payments: PAYMENT_EXAMPLES,
  refunds: REFUND_EXAMPLES,
  'qr codes': QR_CODE_EXAMPLES,
  disputes: DISPUTE_EXAMPLES,
  documents: DOCUMENT_EXAMPLES,
  settlements: SETTLEMENT_EXAMPLES,
  webhooks: WEBHOOK_EXAMPLES,
};

/** A world for one example: its own new account, with the fixtures of given.ts. */
export const newWorld = (account: PlatformAccount): World => new World(account, FIXTURES);

export { problemsWith, replay } from './replay';
