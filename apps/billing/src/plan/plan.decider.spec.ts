import { AlreadyExists } from '@platform/domain-kit';
import { DeciderSpecification, invalid } from '@platform/testing-core';
import type { CreatePlan } from './plan.commands';
import { planDecider } from './plan.decider';
import type { PlanEvent, PlanTerms } from './plan.events';

const PLAN_ID = 'plan_AbCdEfGhIjKlMn';
const NOW = 1_700_000_000_000;
const terms = (overrides: Partial<PlanTerms> = {}, amount = 49_900): PlanTerms => ({
  item: { id: 'item_AbCdEfGhIjKlMn', name: 'Gold', description: null, amount, currency: 'INR' },
  period: 'monthly',
  interval: 1,
  notes: {},
  ...overrides,
});
const create = (planTerms: PlanTerms): CreatePlan => ({
  type: 'CreatePlan',
  data: { planId: PLAN_ID, terms: planTerms },
  metadata: { accountId: 'acc_Test0000000001', mode: 'test', now: NOW },
});
const created = (planTerms: PlanTerms): PlanEvent => ({
  type: 'PlanCreated',
  data: { planId: PLAN_ID, terms: planTerms, createdAt: NOW },
});

const given = DeciderSpecification.for(planDecider);

describe('Plan', () => {
  describe('when it does not exist', () => {
    it.each([
      ['a monthly plan', terms()],
      ['a plan every two months', terms({ interval: 2 })],
      ['a weekly plan', terms({ period: 'weekly' })],
      ['a yearly plan', terms({ period: 'yearly' })],
      ['a daily plan every 7 days', terms({ period: 'daily', interval: 7 })],
      ['a plan charging the smallest amount, 100', terms({}, 100)],
    ])('creates %s', (_, planTerms) => {
      given([])
        .when(create(planTerms))
        .then([created(planTerms)]);
    });

    it('refuses a daily plan of fewer than 7 days', () => {
      given([])
        .when(create(terms({ period: 'daily', interval: 6 })))
        .thenThrows(invalid('interval', 'A daily plan needs an interval of at least 7.'));
    });

    it('refuses an interval of 0', () => {
      given([])
        .when(create(terms({ interval: 0 })))
        .thenThrows(invalid('interval', 'The interval must be at least 1.'));
    });

    it('refuses an item amount below 100', () => {
      given([])
        .when(create(terms({}, 99)))
        .thenThrows(invalid('item.amount', 'The item.amount must be at least 100.'));
    });
  });

  describe('when created', () => {
    it('cannot be created again', () => {
      given([created(terms())])
        .when(create(terms()))
        .thenThrows(AlreadyExists);
    });
  });
});
