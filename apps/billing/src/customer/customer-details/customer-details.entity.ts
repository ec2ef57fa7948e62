import { ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per customer: what GET /v1/customers[/:id] reads. */
@Entity('customers')
export class CustomerDetailsRow extends ReadModelRow {
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text', { nullable: true }) email!: string | null;
  @Column('text', { nullable: true }) contact!: string | null;
  @Column('text', { nullable: true }) gstin!: string | null;
  @Column('jsonb') notes!: Record<string, string | number>;
}
