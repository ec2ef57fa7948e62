import { ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { LiveSubscription } from '../subscription.decider';

/**
 * One row per subscription: what GET /v1/subscriptions[/:id] reads. `state` is the decider's own
 * fold of the stream; the columns beside it are what lists filter and lookups find by.
 */
@Entity('subscriptions')
export class SubscriptionDetailsRow extends ReadModelRow {
  @Column('text') status!: LiveSubscription['status'];
  @Column('text', { name: 'plan_id' }) planId!: string;
  /** The order whose payment authorizes the subscription. */
  @Column('text', { name: 'authorization_order_id' }) authorizationOrderId!: string;
  @Column('jsonb') state!: LiveSubscription;
}
