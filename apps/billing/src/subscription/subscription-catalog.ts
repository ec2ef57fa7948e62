import { ValidationFailed } from '@platform/domain-kit';
import type { SqlRunner } from '@platform/event-store';
import { getOfferDetails } from '../offer/offer-details/offer-details.query';
import type { OfferDetailsRow } from '../offer/offer-details/offer-details.entity';
import { getPlanDetails } from '../plan/plan-details/plan-details.query';
import type { SubscriptionPlan } from './subscription.events';

type Scope = { accountId: string; mode: 'test' | 'live' };

/** The plan a subscription names (its create, update and cycles read it from billing's plans). */
export async function planOf(
  db: SqlRunner,
  scope: Scope,
  planId: string,
  field: string,
): Promise<{ plan: SubscriptionPlan; planName: string }> {
  const row = await getPlanDetails(db, scope, planId);
  if (!row) throw new ValidationFailed('The id provided does not exist', field);
  return {
    plan: {
      planId: row.id,
      amount: row.item.amount,
      currency: row.item.currency,
      period: row.period,
      interval: row.interval,
    },
    planName: row.item.name,
  };
}

/** An active offer of the account, in the plan's currency, to link. */
export async function offerOf(
  db: SqlRunner,
  scope: Scope,
  offerId: string,
  currency: string,
): Promise<{ offerId: string; name: string; terms: OfferDetailsRow['terms'] }> {
  const row = await getOfferDetails(db, scope, offerId);
  if (!row) throw new ValidationFailed('The id provided does not exist', 'offer_id');
  if (!row.active) throw new ValidationFailed('The offer is inactive.', 'offer_id');
  if (row.terms.currency !== currency)
    throw new ValidationFailed(
      `The offer is in ${row.terms.currency}, not the plan currency ${currency}.`,
      'offer_id',
    );
  return { offerId: row.id, name: row.terms.name, terms: row.terms };
}
