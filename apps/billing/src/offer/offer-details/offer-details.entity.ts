import { ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { OfferTerms } from '../offer.events';

/** One row per offer: what the admin API lists and what subscriptions look their offer up in. */
@Entity('offers')
export class OfferDetailsRow extends ReadModelRow {
  @Column('boolean') active!: boolean;
  @Column('jsonb') terms!: OfferTerms;
}
