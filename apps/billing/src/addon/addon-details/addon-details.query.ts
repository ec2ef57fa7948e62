import { readModelQueries, sql } from '@platform/event-store';
import type { ReadScope, SqlRunner, Statement } from '@platform/event-store';
import { AddonDetailsRow } from './addon-details.entity';

export const { get: getAddonDetails, list: listAddonDetails } = readModelQueries(AddonDetailsRow);

let unbilled: Statement | null = null;

/** The subscription's add-ons no invoice has taken yet, oldest first: what its next cycle bills. */
export async function unbilledAddonIds(
  db: SqlRunner,
  scope: ReadScope,
  subscriptionId: string,
): Promise<string[]> {
  unbilled ??= sql(
    'addons.unbilled',
    'SELECT id FROM addons WHERE subscription_id = $1 AND invoice_id IS NULL AND account_id = $2 AND mode = $3 ORDER BY created_ms, id',
  );
  return (
    await db.query<{ id: string }>(unbilled, [subscriptionId, scope.accountId, scope.mode])
  ).map((row) => row.id);
}
