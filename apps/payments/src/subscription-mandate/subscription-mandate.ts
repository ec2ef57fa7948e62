import { sql } from '@platform/event-store';
import type { ReadScope, SqlFragment, SqlRunner } from '@platform/event-store';
import type { CardDetails } from '../payment/payment.events';

/** The instrument the authorization payment saved: what later cycles are charged with (never the number). */
export interface SavedToken {
  method: 'card' | 'upi' | 'netbanking' | 'wallet';
  card: Omit<CardDetails, 'id'> | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
}

export interface SubscriptionMandate {
  subscriptionId: string;
  authorizationOrderId: string;
  /** The invoice the authorization pays (the first cycle's, or the upfront add-ons'; its order is the authorization order); null for a token payment. */
  authorizationInvoiceId: string | null;
  /** A token payment (the subscription starts later): refunded once captured. */
  refundAuthorization: boolean;
  token: SavedToken | null;
  /** Test mode: how many of the next automatic charges the simulated bank declines. */
  declinesRemaining: number;
}

const INSERT = sql(
  'subscription-mandates.insert',
  `INSERT INTO subscription_mandates (subscription_id, account_id, mode, authorization_order_id, refund_authorization, authorization_invoice_id) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (subscription_id) DO NOTHING`,
);
const BY_ID = sql(
  'subscription-mandates.by-id',
  `SELECT subscription_id AS "subscriptionId", authorization_order_id AS "authorizationOrderId", authorization_invoice_id AS "authorizationInvoiceId", refund_authorization AS "refundAuthorization", token, declines_remaining AS "declinesRemaining"
     FROM subscription_mandates WHERE subscription_id = $1 AND account_id = $2 AND mode = $3`,
);
const SET_DECLINES = sql(
  'subscription-mandates.set-declines',
  `UPDATE subscription_mandates SET declines_remaining = $4 WHERE subscription_id = $1 AND account_id = $2 AND mode = $3 RETURNING subscription_id`,
);

const BY_ORDER = sql(
  'subscription-mandates.by-order',
  `SELECT subscription_id AS "subscriptionId" FROM subscription_mandates
     WHERE authorization_order_id = $1 AND account_id = $2 AND mode = $3`,
);

/** The subscription whose authorization this order collects, or null. */
export async function subscriptionAuthorizedBy(
  db: SqlRunner,
  scope: ReadScope,
  orderId: string,
): Promise<string | null> {
  const [row] = await db.query<{ subscriptionId: string }>(BY_ORDER, [
    orderId,
    scope.accountId,
    scope.mode,
  ]);
  return row?.subscriptionId ?? null;
}

export async function recordMandate(
  db: SqlRunner,
  scope: ReadScope,
  mandate: Pick<
    SubscriptionMandate,
    'subscriptionId' | 'authorizationOrderId' | 'authorizationInvoiceId' | 'refundAuthorization'
  >,
): Promise<void> {
  await db.query(INSERT, [
    mandate.subscriptionId,
    scope.accountId,
    scope.mode,
    mandate.authorizationOrderId,
    mandate.refundAuthorization,
    mandate.authorizationInvoiceId,
  ]);
}

export async function findMandate(
  db: SqlRunner,
  scope: ReadScope,
  subscriptionId: string,
): Promise<SubscriptionMandate | null> {
  const [row] = await db.query<SubscriptionMandate>(BY_ID, [
    subscriptionId,
    scope.accountId,
    scope.mode,
  ]);
  return row ?? null;
}

/** Test mode: the next `count` automatic charges of the subscription are declined. False: no such subscription. */
export async function setDeclines(
  db: SqlRunner,
  scope: ReadScope,
  subscriptionId: string,
  count: number,
): Promise<boolean> {
  return (
    (await db.query(SET_DECLINES, [subscriptionId, scope.accountId, scope.mode, count])).length > 0
  );
}

/** The token saved with the authorization payment, written in that payment's statement. */
export function saveTokenFragment(subscriptionId: string, token: SavedToken): SqlFragment {
  return {
    text: 'UPDATE subscription_mandates SET token = $1 WHERE subscription_id = $2 RETURNING 1',
    values: [JSON.stringify(token), subscriptionId],
  };
}

/** One simulated decline used up, in the declined charge's statement. */
export function useDeclineFragment(subscriptionId: string): SqlFragment {
  return {
    text: 'UPDATE subscription_mandates SET declines_remaining = declines_remaining - 1 WHERE subscription_id = $1 AND declines_remaining > 0 RETURNING 1',
    values: [subscriptionId],
  };
}
