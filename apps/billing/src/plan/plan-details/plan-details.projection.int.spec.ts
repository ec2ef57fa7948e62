import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { PLAN_STREAM } from '../plan.decider';
import type { PlanCreated, PlanTerms } from '../plan.events';
import type { PlanDetailsRow } from './plan-details.entity';
import { planDetailsProjection } from './plan-details.projection';
import { getPlanDetails } from './plan-details.query';

const NOW = 1_700_000_000_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const TERMS: PlanTerms = {
  item: {
    id: 'item_PlanItem00001',
    name: 'Premium',
    description: 'Every other month',
    amount: 99_900,
    currency: 'INR',
  },
  period: 'monthly',
  interval: 2,
  notes: { tier: 'premium' },
};

const planCreated = (planId: string): PlanCreated => ({
  type: 'PlanCreated',
  data: { planId, terms: TERMS, createdAt: NOW },
});

const spec = ProjectionSpecification.forStreams(planDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: PLAN_STREAM,
  metadata: METADATA,
  read: getPlanDetails,
});
const { detailsOf } = spec;
const plan = (streamId: string) => spec.stream(streamId, planCreated(streamId));
const createdRow = (id: string): PlanDetailsRow => ({
  ...rowOrigin(id, METADATA, NOW),
  ...TERMS,
});

spec.describe('plan details projection', () => {
  it('shows a plan just created, with its item, period, interval and notes', () =>
    spec
      .given(...plan('plan_Created000001'))
      .then(detailsOf('plan_Created000001'), createdRow('plan_Created000001')));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...plan('plan_Replayed00001'))
      .thenAfter('redelivery', detailsOf('plan_Replayed00001'), createdRow('plan_Replayed00001')));

  it('shows the plan to no other account or mode', async () => {
    await spec
      .given(...plan('plan_OtherTenant01'))
      .then(detailsOf('plan_OtherTenant01'), createdRow('plan_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getPlanDetails(db, other, 'plan_OtherTenant01'), null);
  });
});
