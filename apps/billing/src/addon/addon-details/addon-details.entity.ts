import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { AddonItem } from '../addon.events';

/** One row per add-on (deleted ones have none): what GET /v1/addons[/:id] reads, and what the next cycle bills. */
@Entity('addons')
export class AddonDetailsRow extends ReadModelRow {
  @Column('text', { name: 'subscription_id' }) subscriptionId!: string;
  @Column('text', { name: 'item_id' }) itemId!: string;
  @Column('jsonb') item!: AddonItem;
  @Column('integer') quantity!: number;
  @Column('text', { name: 'invoice_id', nullable: true }) invoiceId!: string | null;
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
}
