import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per customer: what GET /v1/customers[/:id] reads. */
@Entity('customers')
export class CustomerDetailsRow {
  @PrimaryColumn('text') id!: string;
  /** The last stream version applied (projections ignore events at or below it). */
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text', { nullable: true }) email!: string | null;
  @Column('text', { nullable: true }) contact!: string | null;
  @Column('text', { nullable: true }) gstin!: string | null;
  @Column('jsonb') notes!: Record<string, string | number>;
  /** Unix seconds. */
  @Column('bigint', { name: 'created_at', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } }) createdAt!: number;
  /** Creation time in milliseconds: orders customers created in the same second (then the id). */
  @Column('bigint', { name: 'created_ms', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } }) createdMs!: number;
}
