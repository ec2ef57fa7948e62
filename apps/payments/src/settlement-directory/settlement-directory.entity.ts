import type { SettlementEntity } from '@platform/contracts';
import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The processed settlement that paid each captured payment out, as settlements announced it
 * (settlements owns settlements): what a dispute's expanded `transaction` shows.
 */
@Entity('payment_settlements')
export class PaymentSettlementRow {
  @PrimaryColumn('text', { name: 'payment_id' }) paymentId!: string;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text', { name: 'settlement_id' }) settlementId!: string;
  @Column('jsonb') settlement!: SettlementEntity;
  /** Unix seconds. */
  @Column('bigint', { name: 'settled_at', transformer: bigintAsNumber }) settledAt!: number;
}
