import { ReadModelTableMigration } from '@platform/event-store';

export class OfferDetails1763900004300 extends ReadModelTableMigration {
  name = 'OfferDetails1763900004300';
  protected readonly table = 'offers';
  protected readonly columns = `
    active boolean NOT NULL,
    terms jsonb NOT NULL`;
}
