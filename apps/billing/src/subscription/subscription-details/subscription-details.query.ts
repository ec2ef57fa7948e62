import { readModelQueries, sql } from '@platform/event-store';
import type { ReadScope, SqlRunner, Statement } from '@platform/event-store';
import { SubscriptionDetailsRow } from './subscription-details.entity';

export const { get: getSubscriptionDetails, list: listSubscriptionDetails } = readModelQueries<
  SubscriptionDetailsRow,
  { plan_id?: string }
>(SubscriptionDetailsRow, { plan_id: 'plan_id' });

let byAuthorizationOrder: Statement | null = null;

/** The subscription a payment on this order authorizes, or null. */
export async function findSubscriptionByAuthorizationOrder(
  db: SqlRunner,
  scope: ReadScope,
  orderId: string,
): Promise<SubscriptionDetailsRow | null> {
  const table = db.table(SubscriptionDetailsRow);
  byAuthorizationOrder ??= sql(
    'subscriptions.by-authorization-order',
    `SELECT ${table.selectList} FROM subscriptions WHERE authorization_order_id = $1 AND account_id = $2 AND mode = $3`,
  );
  const [row] = await db.query(byAuthorizationOrder, [orderId, scope.accountId, scope.mode]);
  return row ? table.fromDb(row) : null;
}

const AUTHORIZATION_ORDERS_AMONG = sql(
  'subscriptions.authorization-orders-among',
  `SELECT authorization_order_id || '|' || account_id || '|' || mode AS key FROM subscriptions
    WHERE authorization_order_id = ANY($1::text[])`,
);

/** Which of these orders authorize a subscription, as `order id|account id|mode`. */
export async function authorizationOrdersAmong(
  db: SqlRunner,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.query<{ key: string }>(AUTHORIZATION_ORDERS_AMONG, [orderIds]);
  return new Set(rows.map((row) => row.key));
}

let byId: Statement | null = null;

/** A subscription by id alone, for its public page. */
export async function findSubscriptionById(
  db: SqlRunner,
  id: string,
): Promise<SubscriptionDetailsRow | null> {
  const table = db.table(SubscriptionDetailsRow);
  byId ??= sql(
    'subscriptions.by-id-alone',
    `SELECT ${table.selectList} FROM subscriptions WHERE id = $1`,
  );
  const [row] = await db.query(byId, [id]);
  return row ? table.fromDb(row) : null;
}
