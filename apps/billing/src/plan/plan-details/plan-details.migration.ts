import { ReadModelTableMigration } from '@platform/event-store';

export class PlanDetails1763900001100 extends ReadModelTableMigration {
  name = 'PlanDetails1763900001100';
  protected readonly table = 'plans';
  protected readonly columns = `
    period text NOT NULL,
    interval integer NOT NULL,
    item jsonb NOT NULL,
    notes jsonb NOT NULL`;
}
